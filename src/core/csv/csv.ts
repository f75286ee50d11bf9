/**
 * CSV for the generic import/export (docs/requirements.md#r7-api "CSV export and import"): semicolon separator, UTF-8 BOM,
 * `{table}_PIM.csv`, newlines and semicolons stripped from values, formula injection neutralised.
 *
 * The public face of two modules: csvWrite.ts (csvText, csvFileName, csvCell… — no dependencies) and csvRead.ts
 * (parseCsv, decodeCsvBytes — papaparse). A screen that only writes CSV should import csvWrite.ts, which keeps
 * papaparse out of its chunk.
 */
export {
  BOM,
  CSV_SEPARATOR,
  csvCell,
  csvFileName,
  exportedText,
  csvText,
  toRawCsv,
  uncell,
} from './csvWrite';
export {
  decodeCsvBytes,
  decodeWindows1252,
  detectDelimiter,
  parseCsv,
  type CsvDelimiter,
  type CsvEncoding,
  type CsvRecord,
  type ParsedCsv,
} from './csvRead';
