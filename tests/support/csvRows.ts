/** An exported CSV (BOM, ';' separated, CRLF or LF) as its header and its rows of cells. */
export const csvRows = (text: string): { header: string[]; rows: string[][] } => {
  const [header = [], ...rows] = text
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/)
    .map((line) => line.split(';'));
  return { header, rows };
};
