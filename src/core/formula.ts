/**
 * Formula injection guard for every file the app or the API writes (CSV, XLSX): a text cell starting with
 * = + - @ tab, CR or NUL gets a leading quote so a spreadsheet never runs it. Pure.
 */
const FORMULA_START = /^[=+\-@\t\r\0]/;

export const startsLikeFormula = (text: string): boolean => FORMULA_START.test(text);

/** The text with a leading quote when it would start a formula; any other text as it is. */
export const neutraliseFormula = (text: string): string => (startsLikeFormula(text) ? `'${text}` : text);
