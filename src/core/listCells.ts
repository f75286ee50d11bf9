/**
 * Lists of names in CSV files. Some fields store several names in one text joined with '; ' (a product's
 * categories and families); CSV files strip semicolons from values, so a file writes such a list joined with
 * ' | ' and the import reads ' | ' (and ';') back into the stored form. A name may therefore not contain '|'.
 * Pure.
 */

/** Between the names of a list in a CSV file. */
export const FILE_LIST_SEPARATOR = ' | ';

const namesOf = (text: string, separators: RegExp): string[] =>
  text
    .split(separators)
    .map((name) => name.trim())
    .filter(Boolean);

/** A stored list ('A; B', joined with `separator`) → its CSV form ('A | B'). */
export const listToFile = (value: string, separator: string): string =>
  namesOf(value, new RegExp(`[${escapeClass(separator.trim())}|]`)).join(FILE_LIST_SEPARATOR);

/** The pattern between the names of a file's list, per stored separator (read once per imported cell). */
const fileSeparators = new Map<string, RegExp>();

/** A list as a CSV file holds it ('A | B', also 'A; B') → the stored form, joined with `separator`. */
export const listFromFile = (text: string, separator: string): string => {
  let pattern = fileSeparators.get(separator);
  if (!pattern) {
    pattern = new RegExp(`[${escapeClass(separator.trim())}|;]`);
    fileSeparators.set(separator, pattern);
  }
  return namesOf(text, pattern).join(separator);
};

const escapeClass = (chars: string): string => chars.replace(/[\\\]^-]/g, '\\$&');
