/**
 * How a screen loads a list it needs (the companies, the editor's attributes, groups and icons): one quiet retry
 * after 1 s, then the failure shows with its «Reintentar», instead of several seconds of silent retries.
 */
export const QUIET_RETRY = { retry: 1 } as const;
