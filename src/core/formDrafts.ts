/**
 * Drafts of forms with unsaved changes (issue 16, «nothing lost to the clock»): the changed values of a record's
 * form kept in the browser's localStorage under a key per user, resource and record, so that after the
 * inactivity logout and a new sign-in the same user is offered them back. Logout keeps these keys (and only
 * these: src/authProvider/session.ts). Pure: the storage is passed in.
 */

export const DRAFT_PREFIX = 'pim.borrador.';
/** Drafts older than this are dropped when read. */
export const DRAFT_MAX_AGE_MS = 7 * 24 * 3600_000;

export const draftKey = (userId: string | number, resource: string, recordId: string | number): string =>
  `${DRAFT_PREFIX}${String(userId)}.${resource}.${String(recordId)}`;

export const isDraftKey = (key: string): boolean => key.startsWith(DRAFT_PREFIX);

export interface FormDraft {
  /** ISO date-time of the last change. */
  savedAt: string;
  /** The top-level form values that differ from the record as loaded. */
  values: Record<string, unknown>;
}

type Values = Record<string, unknown>;

const same = (a: unknown, b: unknown): boolean => {
  if (a === b) return true;
  // an emptied text and an absent value are the same for a form
  if ((a === '' || a == null) && (b === '' || b == null)) return true;
  return JSON.stringify(a) === JSON.stringify(b);
};

/** The top-level values of `current` that differ from `initial` (nested values are kept whole). */
export function changedValues(initial: Values | undefined, current: Values): Values {
  const changed: Values = {};
  for (const [key, value] of Object.entries(current)) {
    if (!same(initial?.[key], value)) changed[key] = value;
  }
  return changed;
}

export interface DraftStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Keeps the changed values (or forgets the draft when nothing differs). False when the storage refused. */
export function writeDraft(storage: DraftStorage, key: string, values: Values, now = new Date()): boolean {
  try {
    if (!Object.keys(values).length) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify({ savedAt: now.toISOString(), values } satisfies FormDraft));
    return true;
  } catch {
    return false;
  }
}

/** The draft under `key`, or null (none, unreadable or too old: then it is removed). */
export function readDraft(storage: DraftStorage, key: string, now = new Date()): FormDraft | null {
  let text: string | null;
  try {
    text = storage.getItem(key);
  } catch {
    return null;
  }
  if (!text) return null;
  try {
    const draft = JSON.parse(text) as Partial<FormDraft>;
    const time = Date.parse(String(draft.savedAt));
    const values = draft.values;
    if (
      Number.isFinite(time) &&
      now.getTime() - time <= DRAFT_MAX_AGE_MS &&
      values &&
      typeof values === 'object' &&
      Object.keys(values).length
    ) {
      return { savedAt: new Date(time).toISOString(), values };
    }
  } catch {
    // unreadable: dropped below
  }
  storage.removeItem(key);
  return null;
}

/** Every draft key of `storage` (to keep them through a logout). */
export function draftEntries(storage: {
  readonly length: number;
  key(index: number): string | null;
  getItem(key: string): string | null;
}): [string, string][] {
  const entries: [string, string][] = [];
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    const value = key === null ? null : storage.getItem(key);
    if (key !== null && value !== null && isDraftKey(key)) entries.push([key, value]);
  }
  return entries;
}
