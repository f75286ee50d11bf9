/**
 * The one rule for fields that name other records (src/core/references.ts): which fields the schemas declare,
 * how names are compared, what a stored record already held, the Spanish message, and the import's check of a
 * file's rows against the company's names (src/custom/importExport/references.ts).
 */
import { describe, expect, it } from 'vitest';
import {
  missingNames,
  missingReferenceMessage,
  nameKeys,
  namesToLookUp,
  referenceErrors,
  referenceRules,
} from '../../src/core/references';
import { checkReferences } from '../../src/custom/importExport/references';
import type { ImportBackend } from '../../src/custom/importExport/backend';
import type { PreparedRow } from '../../src/custom/importExport/prepare';
import { registry, schemaFor } from '../../src/resources/registry';
import type { ResourceSchema } from '../../src/resources/types';

const schema = (name: string): ResourceSchema => {
  const found = schemaFor(name);
  if (!found) throw new Error(name);
  return found;
};

describe('referenceRules: the declared references', () => {
  it('products name categories and families; general data a brand; relations a product; clubs brands and categories', () => {
    const fields = (name: string) =>
      referenceRules(schema(name), registry).map((rule) => [rule.field, rule.target, rule.one]);
    expect(fields('productos')).toEqual([
      ['categorias', 'categorias', false],
      ['familias', 'familias', false],
    ]);
    expect(fields('producto-generals')).toEqual([['marca', 'Marca', true]]);
    expect(fields('Sustitutos')).toEqual([['skuSustituto', 'productos', true]]);
    expect(fields('Repuestos')).toEqual([['skuRepuesto', 'productos', true]]);
    expect(fields('Ensamblados')).toEqual([['skuEnsamblado', 'productos', true]]);
    expect(fields('ProductosPorRango')).toEqual([['skuProducto', 'productos', true]]);
    expect(fields('Clubs')).toEqual([
      ['filtroMarcas', 'Marca', false],
      ['filtroCategorias', 'categorias', false],
    ]);
    // skuPrincipal is checked by company scoping (companyVia), not by this rule
    expect(fields('Sustitutos').map(([field]) => field)).not.toContain('skuPrincipal');
  });
});

describe('missingNames / referenceErrors', () => {
  const familias = referenceRules(schema('productos'), registry).find((r) => r.field === 'familias')!;
  const marca = referenceRules(schema('producto-generals'), registry)[0];
  const known = nameKeys(['Profesional', 'Jardín', 'Bricolaje']);

  it('compares as MySQL does: case, accents and spaces ignored', () => {
    expect(missingNames(familias, ' profesional ; JARDIN', known)).toEqual([]);
    expect(missingNames(marca, 'bricolaje', known)).toEqual([]);
  });

  it('answers the unknown names once, as written; a fragment is not the name', () => {
    expect(missingNames(familias, 'Prof; Jardín; prof; Nueva', known)).toEqual(['Prof', 'Nueva']);
    expect(missingNames(marca, 'Prof', known)).toEqual(['Prof']);
    // a brand is one name: a comma in it is not a separator
    expect(missingNames(marca, 'Profesional, Jardín', known)).toEqual(['Profesional, Jardín']);
  });

  it('keeps names the stored record already held', () => {
    expect(missingNames(familias, 'Antigua; Profesional; Nueva', known, 'Antigua')).toEqual(['Nueva']);
  });

  it('says which names, where, in Spanish', () => {
    expect(missingReferenceMessage(familias, ['Prof'])).toBe(
      '«Prof» no existe entre las familias de la empresa.',
    );
    const sku = referenceRules(schema('Sustitutos'), registry)[0];
    expect(missingReferenceMessage(sku, ['X-1', 'X-2'])).toBe(
      '«X-1», «X-2» no existen entre los productos de la empresa.',
    );
  });

  it('gives one message per field, and checks only the fields written and looked up', () => {
    const rules = referenceRules(schema('productos'), registry);
    const row = { categorias: 'Taladros; Nada', familias: 'Prof' };
    const lookups = (rule: { field: string }) =>
      rule.field === 'categorias' ? nameKeys(['Taladros']) : known;
    expect(referenceErrors(rules, row, lookups)).toEqual({
      categorias: '«Nada» no existe entre las categorías de la empresa.',
      familias: '«Prof» no existe entre las familias de la empresa.',
    });
    expect(referenceErrors(rules, { familias: 'Prof' }, () => undefined)).toEqual({});
    expect(referenceErrors(rules, { nombre: 'P-1' }, lookups)).toEqual({});
    expect([...namesToLookUp(rules, [row, { categorias: 'Taladros' }]).get('categorias')!]).toEqual([
      'Taladros',
      'Nada',
    ]);
  });
});

describe('checkReferences: the import', () => {
  const stored: Record<string, Record<string, unknown>[]> = {
    productos: [
      { id: 1, nombre: 'P-1' },
      { id: 2, nombre: 'P-2' },
    ],
  };
  const finds: { resource: string; where: unknown }[] = [];
  const backend: ImportBackend = {
    async find(resource, where) {
      finds.push({ resource, where });
      const inq = (where as { nombre?: { inq?: unknown[] } }).nombre?.inq;
      return (stored[resource] ?? []).filter((row) => !inq || inq.includes(row.nombre));
    },
    create: () => Promise.reject(new Error('not here')),
    update: () => Promise.reject(new Error('not here')),
  };
  const row = (line: number, values: Record<string, unknown>): PreparedRow => ({
    line,
    values,
    problems: [],
  });

  it('rejects a substitute naming a SKU that does not exist, with the column and the reason', async () => {
    const rows = [
      row(2, { skuPrincipal: 'P-1', skuSustituto: 'P-2' }),
      row(3, { skuPrincipal: 'P-1', skuSustituto: 'NO-EXISTE' }),
      { line: 4, values: { skuPrincipal: 'P-1' }, problems: [{ column: 'x', reason: 'otra' }] },
    ];
    const checked = await checkReferences(schema('Sustitutos'), rows, backend, {
      columnOf: { skuSustituto: 'SKU_SUSTITUTO' },
    });
    expect(checked[0].problems).toEqual([]);
    expect(checked[1].problems).toEqual([
      {
        column: 'SKU_SUSTITUTO',
        reason:
          "El campo 'skuSustituto' no es correcto: «NO-EXISTE» no existe entre los productos de la empresa.",
      },
    ]);
    expect(checked[2].problems).toEqual([{ column: 'x', reason: 'otra' }]);
    // products are looked up by the names written, not read whole
    expect(finds.every(({ where }) => JSON.stringify(where).includes('inq'))).toBe(true);
  });
});
