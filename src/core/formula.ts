/**
 * Formula injection guard for every file the app or the API writes (CSV, XLSX): a text a spreadsheet could run
 * as a formula gets a leading apostrophe. Pure.
 */

/**
 * A text a spreadsheet could run as a formula: = + - @ at the start, also after leading spaces, quotes or
 * apostrophes (some spreadsheets skip them), or a leading tab, CR or NUL.
 */
const FORMULA_LIKE = /^[\s"'\0]*[=+\-@]|^[\t\r\0]/;

export const looksLikeFormula = (text: string): boolean => FORMULA_LIKE.test(text);

/** One leading apostrophe before a formula-like text (spreadsheets show it as text); any other text as it is. */
export const neutraliseFormula = (text: string): string => (looksLikeFormula(text) ? `'${text}` : text);
