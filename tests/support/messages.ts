/** Helpers for the tests of the message catalogues (react-admin's keys and placeholders, ours). */

/** Every leaf key of a catalogue, dotted: `ra.action.save`. */
export const keyPaths = (value: unknown, prefix = ''): string[] =>
  typeof value === 'object' && value !== null
    ? Object.entries(value).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key))
    : [prefix];

/** The message at a dotted key (undefined when absent). */
export const valueAt = (messages: unknown, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], messages);

/** The `%{name}` placeholders of a message, sorted, each once. */
export const placeholders = (text: unknown): string[] =>
  [...new Set([...String(text).matchAll(/%\{(\w+)\}/g)].map((match) => match[1]))].sort();

/**
 * Interpolation options react-admin passes to a message beyond those its English text uses (read from
 * ra-ui-materialui's DeleteWithConfirmButton: the confirmation gets the record's representation and id), so a
 * translation may name the record with them.
 */
export const RA_EXTRA_OPTIONS: Readonly<Record<string, readonly string[]>> = {
  'ra.message.delete_title': ['id'],
  'ra.message.delete_content': ['recordRepresentation', 'id'],
};

/**
 * The keys whose translation loses a placeholder of the English message, or uses one react-admin does not pass
 * to that message (it would show as `%{…}`).
 */
export const brokenPlaceholders = (english: unknown, translated: unknown): string[] =>
  keyPaths(english).filter((path) => {
    const expected = placeholders(valueAt(english, path));
    const used = placeholders(valueAt(translated, path));
    const passed = new Set([...expected, ...(RA_EXTRA_OPTIONS[path] ?? [])]);
    return expected.some((name) => !used.includes(name)) || used.some((name) => !passed.has(name));
  });
