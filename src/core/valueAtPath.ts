/** The value a dotted path names in nested objects (`'ra.auth.sign_in'`, `'general.titulo'`), else undefined. Pure. */
export const valueAtPath = (root: unknown, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>(
      (node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
      root,
    );
