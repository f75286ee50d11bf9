/**
 * Libraries the API loads the first time a request needs them, not at its start: the spreadsheet writer of the
 * shopping feed (exceljs: 27 MB of memory and 0.3 s of every start) and the image library of uploads and demo
 * pictures (sharp: 19 MB). An API that never writes a feed or an image never holds them.
 */
import type ExcelJS from 'exceljs';
import type Sharp from 'sharp';

let excel: Promise<typeof ExcelJS> | undefined;
let sharp: Promise<typeof Sharp> | undefined;

export const loadExcel = (): Promise<typeof ExcelJS> =>
  (excel ??= import('exceljs').then((m) => m.default ?? (m as unknown as typeof ExcelJS)));

export const loadSharp = (): Promise<typeof Sharp> =>
  (sharp ??= import('sharp').then((m) => m.default ?? (m as unknown as typeof Sharp)));
