import { describe, expect, it } from 'vitest';
import {
  BOM,
  csvCell,
  decodeCsvBytes,
  detectDelimiter,
  parseCsv,
  toRawCsv,
  uncell,
} from '../../src/core/csv/csv';
import { toCsv } from '../../src/resources/csvTables';

const latin1 = (text: string): Uint8Array => Uint8Array.from([...text].map((c) => c.charCodeAt(0)));

describe('parseCsv', () => {
  it('round-trips toCsv output with accents, quotes and a BOM', () => {
    const rows = [
      { id: 1, empresaId: 1, nombre: 'Señalización «Ñandú»', codigo: 'Á-1' },
      { id: 2, empresaId: 1, nombre: 'Dice "hola" y adiós', codigo: "O'Brien" },
    ];
    const text = toCsv('marca', rows);
    expect(text.startsWith(BOM)).toBe(true);
    const parsed = parseCsv(text);
    expect(parsed.delimiter).toBe(';');
    expect(parsed.headers).toEqual(['id', 'empresaId', 'nombre', 'codigo']);
    expect(parsed.records.map((r) => r.cells)).toEqual([
      ['1', '1', 'Señalización «Ñandú»', 'Á-1'],
      ['2', '1', 'Dice "hola" y adiós', "O'Brien"],
    ]);
    expect(parsed.records.map((r) => r.line)).toEqual([2, 3]);
  });

  it('reads comma-separated files and RFC 4180 quoting (separators and line breaks inside quotes)', () => {
    const parsed = parseCsv('nombre,codigo\r\n"Uno, dos",A\r\n"Línea 1\nLínea 2","Dice ""sí"""\r\n');
    expect(parsed.delimiter).toBe(',');
    expect(parsed.records.map((r) => r.cells)).toEqual([
      ['Uno, dos', 'A'],
      ['Línea 1\nLínea 2', 'Dice "sí"'],
    ]);
  });

  it('detects the separator from the header line only', () => {
    expect(detectDelimiter('a;b;c\n1,5;2,5;3')).toBe(';');
    expect(detectDelimiter('a,b\n1;2')).toBe(',');
    expect(detectDelimiter('"a;b",c,d\n')).toBe(',');
    expect(detectDelimiter('solo')).toBe(';');
  });

  it('skips empty lines but keeps spreadsheet line numbers', () => {
    const parsed = parseCsv('nombre;codigo\n\nA;1\n ; \nB;2\n\n');
    expect(parsed.records.map((r) => [r.line, r.cells[0]])).toEqual([
      [3, 'A'],
      [5, 'B'],
    ]);
    expect(parsed.emptyLines).toBeGreaterThanOrEqual(2);
  });

  it('reads rows written with the other separator (mixed files)', () => {
    const parsed = parseCsv('nombre;codigo;padre\nA;1;master\nB,2,master\n"C, con coma";3;master\n');
    expect(parsed.records.map((r) => r.cells)).toEqual([
      ['A', '1', 'master'],
      ['B', '2', 'master'],
      ['C, con coma', '3', 'master'],
    ]);
    expect(parsed.mixedSeparatorRows).toBe(1);
    expect(parsed.records.every((r) => !r.problem)).toBe(true);
  });

  it('drops trailing empty cells and flags rows with too many or too few values', () => {
    const parsed = parseCsv('a;b;c;\n1;2;3;;\n1;2;3;4\n1;2\n');
    expect(parsed.headers).toEqual(['a', 'b', 'c']);
    expect(parsed.records[0]).toEqual({ line: 2, cells: ['1', '2', '3'] });
    expect(parsed.records[1].problem).toBe('La fila tiene 4 columnas y la cabecera 3: sobran valores');
    expect(parsed.records[2].problem).toBe('La fila tiene 2 columnas y la cabecera 3: faltan valores');
  });

  it('a 1-row file and a header-only file', () => {
    expect(parseCsv('nombre\nA').records).toEqual([{ line: 2, cells: ['A'] }]);
    expect(parseCsv('nombre;codigo\r\n').records).toEqual([]);
    expect(parseCsv('').headers).toEqual([]);
  });

  it('parses 100,000 rows', () => {
    const lines = ['id;nombre;codigo'];
    for (let i = 0; i < 100_000; i++) lines.push(`;Marca ${i};M${i}`);
    const parsed = parseCsv(lines.join('\r\n'));
    expect(parsed.records).toHaveLength(100_000);
    expect(parsed.records[99_999]).toEqual({ line: 100_001, cells: ['', 'Marca 99999', 'M99999'] });
  });
});

describe('decodeCsvBytes', () => {
  it('UTF-8 (with or without BOM)', () => {
    const bytes = new TextEncoder().encode('\uFEFFnombre\nSeñal');
    expect(decodeCsvBytes(bytes)).toEqual({ text: 'nombre\nSeñal', encoding: 'utf-8' });
  });
  it('invalid UTF-8 is read as Windows-1252 (Latin-1 files from old spreadsheets)', () => {
    const result = decodeCsvBytes(latin1('nombre;precio\nSeñal;5\u0080'));
    expect(result.encoding).toBe('windows-1252');
    expect(result.text).toBe('nombre;precio\nSeñal;5€');
    expect(parseCsv(result.text).records[0].cells).toEqual(['Señal', '5€']);
  });
});

describe('formula neutralisation round trip', () => {
  it.each(['=SUM(A1)', '+34 600', '-Oferta', '@cmd', "'=ya citado", 'normal', "O'Brien"])(
    '%j survives export → import',
    (value) => {
      expect(uncell(csvCell(value))).toBe(value);
    },
  );
  it('a text that starts with a quote before a formula character gets one more quote', () => {
    expect(csvCell("'=x")).toBe("''=x");
  });
});

describe('toRawCsv (rejected rows)', () => {
  it('quotes separators, quotes and line breaks losslessly, neutralises formulas', () => {
    const text = toRawCsv(
      ['nombre', 'nota'],
      [
        ['A;B', 'dice "x"\nfin'],
        ['=1+1', ''],
      ],
    );
    expect(text.startsWith(BOM)).toBe(true);
    const parsed = parseCsv(text);
    expect(parsed.records.map((r) => r.cells.map(uncell))).toEqual([
      ['A;B', 'dice "x"\nfin'],
      ['=1+1', ''],
    ]);
    expect(text).toContain("'=1+1");
  });
});
