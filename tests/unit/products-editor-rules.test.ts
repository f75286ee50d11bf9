/** Small rules of the product editor: principal media, toast details, the catalogue failure notice. */
import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import {
  PRINCIPAL_ONLY_IMAGES,
  canBePrincipal,
  principalProblem,
  uploadEffect,
} from '../../src/core/productEditor/mediaRecords';
import { MESSAGES, errorDetail } from '../../src/custom/productEditor/messages';
import { catalogueErrorText, failedListsText } from '../../src/custom/productEditor/useEditorCatalogue';

describe('only pictures can be principal', () => {
  it('Imagen (or no tipo: the default) may be principal; Documento and Video may not', () => {
    expect(canBePrincipal({ tipo: 'Imagen' })).toBe(true);
    expect(canBePrincipal({})).toBe(true);
    expect(canBePrincipal({ tipo: 'Documento' })).toBe(false);
    expect(canBePrincipal({ tipo: 'Video' })).toBe(false);
    expect(principalProblem({ tipo: 'Documento', principalSN: 'S' })).toBe(PRINCIPAL_ONLY_IMAGES);
    expect(principalProblem({ tipo: 'Documento', principalSN: 'N' })).toBeUndefined();
    expect(principalProblem({ tipo: 'Imagen', principalSN: 'S' })).toBeUndefined();
  });

  it('a document uploaded over a principal picture of the same name is no longer principal', () => {
    const effect = uploadEffect(
      7,
      [
        {
          id: 1,
          nombre: 'ficha tecnica',
          tipo: 'Imagen',
          principalSN: 'S',
          fichero: 'multimedia/X/ficha_tecnica.png',
        },
      ],
      'ficha_tecnica.pdf',
      {
        fichero: 'multimedia/X/ficha_tecnica.pdf',
        nombre: 'ficha_tecnica.pdf',
        formato: 'pdf',
        tipo: 'Documento',
        tamano: 10,
      },
    );
    expect(effect.update?.data).toEqual({
      fichero: 'multimedia/X/ficha_tecnica.pdf',
      formato: 'pdf',
      tipo: 'Documento',
      principalSN: 'N',
    });
    expect(effect.imagen).toBeUndefined();
  });
});

describe('error toasts keep the spec literal exact, with the detail apart', () => {
  it('errorDetail is the server message, nothing for none', () => {
    expect(errorDetail(new HttpError('Entity not found: Producto with id 9', 404, null))).toBe(
      'Entity not found: Producto with id 9',
    );
    expect(errorDetail(new Error('  '))).toBe('');
    expect(errorDetail(new Error('ra.notification.http_error'))).toBe('');
    expect(errorDetail(undefined)).toBe('');
    expect(MESSAGES.deleteError).toBe('Error eliminando el producto');
    expect(MESSAGES.replicateError).toBe('Error replicando el producto');
  });
});

describe('the editor says which lists failed to load', () => {
  it('names them in Spanish with the reason', () => {
    expect(failedListsText(['atributos'])).toBe('atributos');
    expect(failedListsText(['atributos', 'grupos de atributos', 'iconos'])).toBe(
      'atributos, grupos de atributos y iconos',
    );
    expect(catalogueErrorText(['iconos'], 'Error de conexión')).toBe(
      'No se pudieron cargar los iconos de la empresa (Error de conexión). Sin ellos los atributos no se agrupan, no se sincronizan al cambiar la categoría y no se pueden elegir iconos.',
    );
  });
});
