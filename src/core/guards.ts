/** Small type guards shared by the app and the API. Pure. */

/** A plain JSON-like object (not null, not an array). */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
