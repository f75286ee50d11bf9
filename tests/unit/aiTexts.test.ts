import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import {
  categoryKeys,
  matchesCategory,
  promptForProduct,
  subcategoryKeys,
} from '../../src/core/aiTexts/categories';
import { camposDePrompt, listaIds } from '../../src/core/aiTexts/fields';
import { isDuplicateEntry, saveErrorMessage } from '../../src/custom/aiTexts/messages';
import {
  estadoGeneracionTexto,
  porcentaje,
  siguientePendiente,
  toRevisado,
  trozos,
} from '../../src/core/aiTexts/status';
import { estadoRevision, estadoRevisionDeConteo } from '../../src/core/reviewStatus';
import { toBase64Json } from '../../src/custom/aiTexts/api';

const dup = (statusCode: number | string = 422) =>
  new HttpError('Duplicate entry', 422, {
    error: {
      statusCode,
      name: 'Error',
      message: "Duplicate entry 'AMAZON' for key 'codigo'",
      code: 'ER_DUP_ENTRY',
    },
  });

describe('save error messages (docs/requirements.md#r5-validation, #r8-errors)', () => {
  it('422 ER_DUP_ENTRY gives the duplicate-code message, per variant', () => {
    expect(saveErrorMessage(dup(), 'marketplace')).toBe(
      'El código de marketplace ya existe. Por favor, usa uno diferente.',
    );
    expect(saveErrorMessage(dup('422'), 'marketplacePrompts')).toBe(
      'El código de marketplacePrompts ya existe. Por favor, usa uno diferente.',
    );
    expect(isDuplicateEntry(dup('422'))).toBe(true);
  });

  it('another failure gives the server message, else the fallback', () => {
    const other = new HttpError('x', 422, {
      error: { statusCode: 422, message: 'El campo codigo es obligatorio' },
    });
    expect(saveErrorMessage(other, 'marketplace')).toBe('El campo codigo es obligatorio');
    expect(isDuplicateEntry(other)).toBe(false);
    // a 500 with ER_DUP_ENTRY-like code is not a duplicate (only 422 is)
    expect(
      isDuplicateEntry(new HttpError('x', 500, { error: { statusCode: 500, code: 'ER_DUP_ENTRY' } })),
    ).toBe(false);
    expect(saveErrorMessage({}, 'marketplace')).toBe('Error al guardar el marketplace.');
    expect(saveErrorMessage(undefined, 'marketplacePrompts')).toBe('Error al guardar el marketplacePrompts.');
    expect(saveErrorMessage({ message: 'ra.notification.http_error' }, 'marketplace')).toBe(
      'Error al guardar el marketplace.',
    );
  });
});

describe('status mapping', () => {
  it('review state of a set of texts', () => {
    expect(estadoRevision([])).toBe('Sin textos');
    expect(estadoRevision([{ revisado_sn: 'S' }, { revisado_sn: 'S' }])).toBe('Revisado');
    expect(estadoRevision([{ revisado_sn: 'N' }, { revisado_sn: null }])).toBe('No revisado');
    expect(estadoRevision([{ revisado_sn: 'S' }, { revisado_sn: 'N' }])).toBe('Revisado parcial');
    expect(estadoRevisionDeConteo(4, 4)).toBe('Revisado');
    expect(estadoRevisionDeConteo(4, 1)).toBe('Revisado parcial');
    expect(estadoRevisionDeConteo(4, 0)).toBe('No revisado');
    expect(estadoRevisionDeConteo(0, 0)).toBe('Sin textos');
  });

  it('generation status Ejecutado / NoEjecutado', () => {
    expect(estadoGeneracionTexto('Ejecutado')).toEqual({ label: 'Ejecutado', tono: 'success' });
    expect(estadoGeneracionTexto('NoEjecutado')).toEqual({ label: 'No ejecutado', tono: 'error' });
    expect(estadoGeneracionTexto(null)).toEqual({ label: 'Pendiente', tono: 'default' });
  });

  it('S/N, progress, chunks and the next pending text', () => {
    expect(['sí', 'S', true, 'revisado'].map(toRevisado)).toEqual(['S', 'S', 'S', 'S']);
    expect(['no', 'n', false].map(toRevisado)).toEqual(['N', 'N', 'N']);
    expect(toRevisado('quizá')).toBeNull();
    expect(porcentaje(1, 3)).toBe(33);
    expect(porcentaje(0, 0)).toBe(0);
    expect(trozos([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    const texts = [{ revisado_sn: 'S' }, { revisado_sn: 'N' }, { revisado_sn: 'S' }, { revisado_sn: 'N' }];
    expect(siguientePendiente(texts, 1)).toBe(3);
    expect(siguientePendiente(texts, 3)).toBe(1);
    expect(siguientePendiente([{ revisado_sn: 'S' }], 0)).toBe(-1);
  });
});

describe('categories and prompts', () => {
  const categorias = [
    { codigo: 'HEL', nombre: 'Herramientas eléctricas', padre: 'master', empresaId: 1 },
    { codigo: 'HEL-TAL', nombre: 'Taladros', padre: 'HEL', empresaId: 1 },
    { codigo: 'JAR-COR', nombre: 'Cortacéspedes', padre: 'JAR', empresaId: 1 },
  ];
  it('a product listing a subcategory name belongs to its parent', () => {
    const keys = categoryKeys('Taladros; Otra', categorias, 1);
    expect(matchesCategory(keys, 'hel')).toBe(true);
    expect(matchesCategory(keys, 'Herramientas eléctricas')).toBe(true);
    expect(matchesCategory(keys, 'JAR')).toBe(false);
    expect(matchesCategory(keys, '')).toBe(true);
    const subs = subcategoryKeys('Taladros', categorias, 1);
    expect(matchesCategory(subs, 'HEL-TAL')).toBe(true);
    expect(matchesCategory(subs, 'HEL')).toBe(false);
  });
  it('the prompt of a marketplace for the product category, lowest id first', () => {
    const keys = categoryKeys('Taladros', categorias, 1);
    const prompts = [
      { id: 9, marketplaceId: 1, categoriaCodigo: 'HEL' },
      { id: 3, marketplaceId: 1, categoriaCodigo: 'hel' },
      { id: 4, marketplaceId: 2, categoriaCodigo: 'JAR' },
    ];
    expect(promptForProduct(keys, prompts, 1)?.id).toBe(3);
    expect(promptForProduct(keys, prompts, 2)).toBeUndefined();
  });
  it('campo/prompt pairs and id lists', () => {
    expect(
      camposDePrompt({ campoUno: 'titulo', promptCampoUno: 'P1', campoDos: ' ', campoTres: 'desc' }),
    ).toEqual([
      { campo: 'titulo', prompt: 'P1' },
      { campo: 'desc', prompt: '' },
    ]);
    expect(listaIds('1, 2,x,3')).toEqual([1, 2, 3]);
    expect(
      JSON.parse(Buffer.from(toBase64Json([{ productoId: 1, n: 'ñ' }]), 'base64').toString('utf8')),
    ).toEqual([{ productoId: 1, n: 'ñ' }]);
  });
});
