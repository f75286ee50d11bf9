import { describe, expect, it } from 'vitest';
import { parseFlexibleDate, toSN } from '../../src/core/csv/normalize';
import { normalizeTableRow } from '../../src/resources/csvTables';
import { csvCell, csvFileName } from '../../src/core/csv/csv';
import { toCsv } from '../../src/resources/csvTables';

describe('parseFlexibleDate (docs/requirements.md#r5-validation)', () => {
  it.each([
    ['2024-03-05T10:20:30.123Z', '2024-03-05T00:00:00.000Z'],
    ['05/03/2024', '2024-03-05T00:00:00.000Z'],
    ['2024/03/05', '2024-03-05T00:00:00.000Z'],
    ['05-03-2024', '2024-03-05T00:00:00.000Z'],
    ['2024-03-05', '2024-03-05T00:00:00.000Z'],
    ['5/3/2024', '2024-03-05T00:00:00.000Z'],
  ])('%s → %s (midnight UTC)', (input, expected) => {
    expect(parseFlexibleDate(input)).toBe(expected);
  });
  it.each(['31/02/2024', '2024-13-01', 'mañana', '', '2024.03.05', '03/05/24'])('%s → null', (input) => {
    expect(parseFlexibleDate(input)).toBeNull();
  });
  it('non-text values → null', () => {
    expect(parseFlexibleDate(20240305)).toBeNull();
    expect(parseFlexibleDate(null)).toBeNull();
  });
});

describe('toSN (docs/requirements.md#r5-validation: intercambiable)', () => {
  it.each(['si', 'sí', 's', 'true', 'SI', 'Sí', 'S', 'TRUE', ' si '])('%s → S', (v) =>
    expect(toSN(v)).toBe('S'),
  );
  it.each(['no', 'n', 'false', 'NO', 'N', 'False'])('%s → N', (v) => expect(toSN(v)).toBe('N'));
  it.each(['quizá', '', 'x'])('%s → null', (v) => expect(toSN(v)).toBeNull());
});

describe('normalizeRow (docs/requirements.md#r5-validation)', () => {
  it('atributos: codigo becomes an integer', () => {
    expect(normalizeTableRow('atributos', { codigo: '42', nombre: 'Peso' })).toEqual({
      codigo: 42,
      nombre: 'Peso',
    });
  });
  it('ensamblados: cantidad becomes an integer; non-numeric → null', () => {
    expect(normalizeTableRow('ensamblados', { cantidad: '3' }).cantidad).toBe(3);
    expect(normalizeTableRow('ensamblados', { cantidad: 'tres' }).cantidad).toBeNull();
  });
  it('repuestos: posicion integer and dates normalised', () => {
    expect(
      normalizeTableRow('repuestos', { posicion: '7', fechaInicio: '01/02/2025', fechaFin: 'nunca' }),
    ).toEqual({
      posicion: 7,
      fechaInicio: '2025-02-01T00:00:00.000Z',
      fechaFin: null,
    });
  });
  it('sustitutos: intercambiable and dates', () => {
    expect(normalizeTableRow('sustitutos', { intercambiable: 'sí', fechaInicio: '2025/12/31' })).toEqual({
      intercambiable: 'S',
      fechaInicio: '2025-12-31T00:00:00.000Z',
    });
  });
  it('other tables pass through unchanged and the input is not mutated', () => {
    const row = { cantidad: '3' };
    expect(normalizeTableRow('marca', row)).toEqual({ cantidad: '3' });
    normalizeTableRow('ensamblados', row);
    expect(row.cantidad).toBe('3');
  });
});

describe('CSV (docs/requirements.md#r7-api)', () => {
  it('file name is {table}_PIM.csv', () => expect(csvFileName('marca')).toBe('marca_PIM.csv'));
  it('BOM, semicolon separator, declared columns of the table, newlines and semicolons stripped', () => {
    const csv = toCsv('marca', [{ id: 1, empresaId: 1, nombre: 'Uno;\ndos', codigo: 'A', extra: 'x' }]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const [header, line] = csv.slice(1).split('\r\n');
    expect(header).toBe('id;empresaId;nombre;codigo');
    expect(line).toBe('1;1;Uno dos;A');
  });
  it('never exports write-only fields (passwords)', () => {
    const csv = toCsv('usuarios', [{ id: 1, nombre: 'A', mail: 'a@b', password: 'secreto' }]);
    expect(csv).not.toContain('secreto');
    expect(csv).not.toContain('password');
  });
  it.each(['=SUM(A1)', '+1', '-1+2', '@cmd', '\tx', '\0x', ' =1', '"=1', '\r=1', "'+1"])(
    'neutralises formula cell %j',
    (v) => {
      expect(csvCell(v).replace(/^"/, '').startsWith("'")).toBe(true);
    },
  );
  it('a line break is stripped, so it cannot start a formula', () => expect(csvCell('\rx')).toBe(' x'));
  it('numbers are not quoted, even negative ones', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(null)).toBe('');
  });
});
