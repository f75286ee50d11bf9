/**
 * Pure parts of the generation lifecycle and of the prompt form: the messages of a stopped run, the dispatch
 * summary over one request per item, the prompt's category picker options and the duplicate message.
 */
import { describe, expect, it } from 'vitest';
import { avisoSalida, resumenDetenida } from '../../src/custom/aiTexts/generationText';
import { resumenEnvios } from '../../src/custom/aiTexts/dispatch';
import {
  CATEGORIA_NO_EXISTE,
  categoriaValida,
  GRUPO_DESCONOCIDA,
  opcionesCategoria,
} from '../../src/custom/aiTexts/categoryOptions';
import { PROMPT_EXISTS_MESSAGE } from '../../src/custom/aiTexts/messages';

describe('a generation that ends early', () => {
  it('says how many were processed and that the rest was cancelled for good', () => {
    expect(resumenDetenida(2, 5, 3)).toBe(
      'Generación detenida: 2 de 5 procesada(s). 3 generaciones pendientes se han cancelado y no se procesará más tarde.',
    );
    expect(resumenDetenida(4, 5, 1)).toMatch(/1 generación pendiente se ha cancelado/);
    expect(resumenDetenida(5, 5, 0)).toBe(
      'Generación detenida: 5 de 5 procesada(s). No quedó nada pendiente en la cola.',
    );
  });
  it('warns before leaving with what would be cancelled', () => {
    expect(avisoSalida(1, 4)).toBe(
      'La generación sigue en curso (1 de 4). Si sales de esta página se detendrá: 3 generaciones que faltan se cancelarán; lo ya generado se conserva.',
    );
  });
});

describe('dispatch, one request per item', () => {
  it('one item reads exactly as its answer', () => {
    expect(resumenEnvios([{ status: 'Ejecutado', mensaje: '5 texto(s)' }], 1)).toEqual({
      ok: true,
      titulo: 'Ejecutado',
      mensaje: '5 texto(s)',
    });
  });
  it('several: executed only if all were, with the distinct failures and what was not sent', () => {
    expect(
      resumenEnvios(
        [
          { status: 'Ejecutado', mensaje: 'a' },
          { status: 'Ejecutado', mensaje: 'b' },
        ],
        2,
      ),
    ).toEqual({ ok: true, titulo: 'Ejecutado', mensaje: '2 de 2 envío(s) ejecutado(s).' });
    const mixed = resumenEnvios(
      [
        { status: 'Ejecutado', mensaje: 'a' },
        { status: 'NoEjecutado', mensaje: 'Sin prompt' },
        { status: 'NoEjecutado', mensaje: 'Sin prompt' },
      ],
      4,
    );
    expect(mixed.ok).toBe(false);
    expect(mixed.titulo).toBe('No ejecutado');
    expect(mixed.mensaje).toBe(
      '1 de 4 envío(s) ejecutado(s). No ejecutados: Sin prompt. 1 sin enviar (detenido).',
    );
  });
});

describe('prompt category picker', () => {
  const rows = [
    { codigo: 'master', nombre: 'Raíz', padre: null },
    { codigo: 'JAR', nombre: 'Jardín', padre: 'master' },
    { codigo: 'HEL', nombre: 'Herramientas eléctricas', padre: 'master' },
    { codigo: 'HEL-TAL', nombre: 'Taladros', padre: 'HEL' },
    { codigo: 'HEL-AMO', nombre: 'Amoladoras', padre: 'HEL' },
    { codigo: 'JAR-COR', nombre: 'Cortacéspedes', padre: 'JAR' },
    { codigo: 'SUELTA', nombre: 'Suelta', padre: 'NOEXISTE' },
  ];
  it('groups subcategories under their top category, top first, by name; the root is not an option', () => {
    const options = opcionesCategoria(rows);
    expect(options.map((o) => [o.grupo, o.codigo, o.nivel])).toEqual([
      ['Herramientas eléctricas', 'HEL', 'categoria'],
      ['Herramientas eléctricas', 'HEL-AMO', 'subcategoria'],
      ['Herramientas eléctricas', 'HEL-TAL', 'subcategoria'],
      ['Jardín', 'JAR', 'categoria'],
      ['Jardín', 'JAR-COR', 'subcategoria'],
      ['Otras subcategorías', 'SUELTA', 'subcategoria'],
    ]);
    expect(options[0].label).toBe('Herramientas eléctricas (HEL) · todas sus subcategorías');
    expect(options[2].label).toBe('Taladros (HEL-TAL)');
  });
  it('keeps a stored value that is not a category visible, and refuses it on save', () => {
    const options = opcionesCategoria(rows, 'HEL-TALADROS');
    expect(options.at(-1)).toEqual({
      codigo: 'HEL-TALADROS',
      label: 'HEL-TALADROS (no existe)',
      grupo: GRUPO_DESCONOCIDA,
      nivel: 'desconocida',
    });
    expect(opcionesCategoria(rows, 'hel-tal')).toHaveLength(6);
    const validate = categoriaValida(rows);
    expect(validate('HEL-TALADROS')).toBe(CATEGORIA_NO_EXISTE);
    expect(validate('hel-tal')).toBeUndefined();
    expect(categoriaValida(undefined)('X')).toBeUndefined();
  });
  it('a second prompt for the same marketplace and category uses the spec’s prompt variant', () => {
    expect(PROMPT_EXISTS_MESSAGE).toBe(
      'El código de marketplacePrompts ya existe. Por favor, usa uno diferente.',
    );
  });
});
