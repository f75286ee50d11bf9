/**
 * LIKE patterns from what a person typed, on every engine: the typed text is taken literally (its `%`, `_` and `\`
 * escaped with `\`, the escape character MySQL uses by default and the API's PostgreSQL `like` declares), so
 * «50%» finds «50%» and not every text that starts with 50, and a name with `\` still finds itself.
 */

/** `text` with LIKE's wildcards and escape character taken literally. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The LIKE pattern "contains `term`", wildcards in the term literal. */
export const containsPattern = (term: string): string => `%${escapeLike(term)}%`;
