/**
 * Saved views of a list («Vistas», issue 16): what a view keeps (filters, columns, sort, page size), how it is
 * stored (JSON text with a length limit, the `estado` of vistas-guardadas) and how a stored view meets the
 * filters, sort and columns a list offers today (one that no longer exists is left out, and said so). Pure.
 */

/** The longest `estado` the API stores (characters of JSON). */
export const SAVED_VIEW_STATE_MAX = 8000;

export interface SavedViewSort {
  field: string;
  order: 'ASC' | 'DESC';
}

export interface SavedViewState {
  /** react-admin filter values. */
  filter: Record<string, unknown>;
  /** The optional filters shown (react-admin displayedFilters). */
  displayedFilters?: Record<string, boolean>;
  /** The visible columns, in order, by their source (or label for a column without one). */
  columns?: string[];
  sort?: SavedViewSort;
  perPage?: number;
}

/** A column as react-admin's configurable datagrid lists it (preferences.<resource>.datagrid.availableColumns). */
export interface ListColumn {
  index: string;
  source?: string;
  label?: string;
}

export const columnKey = (column: ListColumn): string => column.source ?? column.label ?? `#${column.index}`;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const STATE_TOO_LONG = `La vista es demasiado larga para guardarla (más de ${SAVED_VIEW_STATE_MAX} caracteres): quite algún filtro.`;

/** The stored text of a view, or the reason it cannot be stored. */
export function serializeViewState(
  state: SavedViewState,
): { ok: true; text: string } | { ok: false; message: string } {
  const text = JSON.stringify(state);
  return text.length > SAVED_VIEW_STATE_MAX ? { ok: false, message: STATE_TOO_LONG } : { ok: true, text };
}

/** A stored view read back; parts that do not have the expected shape are left out. Null when unreadable. */
export function parseViewState(text: unknown): SavedViewState | null {
  if (typeof text !== 'string') return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(value)) return null;
  const state: SavedViewState = { filter: isRecord(value.filter) ? value.filter : {} };
  if (isRecord(value.displayedFilters)) {
    state.displayedFilters = Object.fromEntries(
      Object.entries(value.displayedFilters).filter(([, shown]) => shown === true),
    ) as Record<string, boolean>;
  }
  if (Array.isArray(value.columns)) {
    state.columns = value.columns.filter((c): c is string => typeof c === 'string');
  }
  const sort = value.sort;
  if (isRecord(sort) && typeof sort.field === 'string' && (sort.order === 'ASC' || sort.order === 'DESC')) {
    state.sort = { field: sort.field, order: sort.order };
  }
  if (typeof value.perPage === 'number' && Number.isInteger(value.perPage) && value.perPage > 0) {
    state.perPage = value.perPage;
  }
  return state;
}

/** The visible columns of a list (the chooser's order) as keys, to store in a view. */
export function visibleColumnKeys(
  available: readonly ListColumn[],
  visibleIndexes: readonly string[],
): string[] {
  const byIndex = new Map(available.map((column) => [column.index, column]));
  return visibleIndexes.flatMap((index) => {
    const column = byIndex.get(index);
    return column ? [columnKey(column)] : [];
  });
}

/**
 * The column indexes a view shows on a list offering `available`, and the view's columns the list no longer
 * has (left out). Undefined indexes: the view keeps no columns (the list's own choice stays).
 */
export function columnsForView(
  saved: readonly string[] | undefined,
  available: readonly ListColumn[],
): { indexes: string[] | undefined; missing: string[] } {
  if (!saved) return { indexes: undefined, missing: [] };
  const byKey = new Map(available.map((column) => [columnKey(column), column.index]));
  const indexes: string[] = [];
  const missing: string[] = [];
  for (const key of saved) {
    const index = byKey.get(key);
    if (index === undefined) missing.push(key);
    else indexes.push(index);
  }
  return { indexes, missing };
}

/**
 * A view as the list can apply it: filters whose key `knows.filter` refuses and a sort `knows.sort` refuses are
 * left out (the list would otherwise drop them silently, and show the view as applied), and named.
 */
export function knownViewState(
  state: SavedViewState,
  knows: { filter: (key: string) => boolean; sort: (field: string) => boolean },
): { state: SavedViewState; filters: string[]; sort?: string } {
  const filters = Object.keys(state.filter).filter((key) => !knows.filter(key));
  const known: SavedViewState = {
    ...state,
    filter: Object.fromEntries(Object.entries(state.filter).filter(([key]) => knows.filter(key))),
  };
  if (state.displayedFilters) {
    known.displayedFilters = Object.fromEntries(
      Object.entries(state.displayedFilters).filter(([key]) => knows.filter(key)),
    );
  }
  const sort = state.sort && !knows.sort(state.sort.field) ? state.sort.field : undefined;
  if (sort !== undefined) delete known.sort;
  return { state: known, filters, sort };
}

/** The parts of a view the list no longer has, by name. */
export interface MissingViewParts {
  filters?: readonly string[];
  sort?: string;
  columns?: readonly string[];
}

const quoted = (names: readonly string[]) => names.map((name) => `«${name}»`).join(', ');
const named = (names: readonly string[] = [], one: string, many: string): string[] =>
  names.length === 0 ? [] : [`${names.length === 1 ? one : many} ${quoted(names)}`];

/** The notice after applying a view that named filters, a sort or columns the list no longer has; '' if none. */
export function missingPartsMessage({ filters = [], sort, columns = [] }: MissingViewParts): string {
  const parts = [
    ...named(filters, 'el filtro', 'los filtros'),
    ...(sort === undefined ? [] : [`el orden por «${sort}»`]),
    ...named(columns, 'la columna', 'las columnas'),
  ];
  if (!parts.length) return '';
  const list =
    parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} y ${parts[parts.length - 1]}`;
  const one = filters.length + columns.length + (sort === undefined ? 0 : 1) === 1;
  return `Vista aplicada sin ${list}, que ya no ${one ? 'existe' : 'existen'} en esta lista.`;
}

/** A view's name problem, or undefined: required, at most 100 characters, not one the user already has here. */
export function viewNameError(name: string, ownNames: readonly string[]): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return 'Escriba un nombre para la vista.';
  if (trimmed.length > 100) return 'El nombre de la vista admite como máximo 100 caracteres.';
  if (ownNames.some((own) => own.trim().toLowerCase() === trimmed.toLowerCase())) {
    return `Ya tiene una vista llamada «${trimmed}» en esta lista.`;
  }
  return undefined;
}
