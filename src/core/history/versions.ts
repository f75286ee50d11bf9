/**
 * Product history (versions): the contract of its two endpoints and the pure rules shared by the API and the
 * app — how a change becomes `cambios`, how consecutive saves merge, and how a product's state at a version is
 * rebuilt from the current one by undoing the newer versions (so only changesets are stored). Pure.
 *
 * A `campo` names what changed:
 * - `nombre`                      a field of the product itself;
 * - `general.descripcion`         a field of a part with one row per product (general data, catalogue data);
 * - `atributos[12].valor`         a field of a part row, by its key (attribute id, icon id, media name…);
 * - `general`, `atributos[12]`    the whole row: created (anterior null) or deleted (nuevo null).
 */

export const VERSIONS_PATH = (productId: number | string): string => `/productos/${productId}/versiones`;
export const RESTORE_PATH = (productId: number | string, versionId: number | string): string =>
  `${VERSIONS_PATH(productId)}/${versionId}/restaurar`;

/** The request header naming where a write comes from (the app's data provider sets it). */
export const ORIGIN_HEADER = 'X-Origen';

export const ORIGENES = [
  'formulario',
  'importacion',
  'edicion_masiva',
  'sincronizacion_erp',
  'api',
  'restauracion',
] as const;
export type Origen = (typeof ORIGENES)[number];

export const ORIGEN_LABELS: Readonly<Record<Origen, string>> = {
  formulario: 'Formulario',
  importacion: 'Importación',
  edicion_masiva: 'Edición masiva',
  sincronizacion_erp: 'Sincronización con el ERP',
  api: 'API',
  restauracion: 'Restauración',
};

/** The origin a header value names; anything else (or none) is 'api'. */
export const origenOf = (value: unknown): Origen =>
  typeof value === 'string' && (ORIGENES as readonly string[]).includes(value.trim())
    ? (value.trim() as Origen)
    : 'api';

export type Valor = unknown;

export interface Cambio {
  campo: string;
  /** A readable name of what changed (e.g. 'Atributo «Color» · Valor'). */
  etiqueta?: string;
  anterior: Valor;
  nuevo: Valor;
  /** A value too long to keep whole was cut: it cannot be restored. */
  truncado?: boolean;
}

export interface Version {
  id: number;
  productoId: number;
  fecha: string;
  usuario: string;
  origen: Origen;
  cambios: Cambio[];
}

/** POST …/restaurar: the whole product, or one `campo`; the state after the version (default) or before it. */
export interface RestoreBody {
  campo?: string;
  momento?: 'despues' | 'antes';
}

export interface RestoreAnswer {
  producto: Record<string, unknown>;
  /** The version the restore wrote (absent when nothing had to change). */
  version?: Version;
}

// ---- values ----

const normalised = (value: unknown): unknown => {
  if (value === undefined || value === '') return null;
  if (value instanceof Date) return value.toISOString();
  return value;
};

/** Two stored values are the same (undefined, null and '' alike; dates by instant; objects by JSON). */
export function sameValue(a: unknown, b: unknown): boolean {
  const x = normalised(a);
  const y = normalised(b);
  if (x === y) return true;
  if (x === null || y === null) return false;
  if (typeof x === 'number' || typeof y === 'number') return Number(x) === Number(y) && x !== '' && y !== '';
  return JSON.stringify(x) === JSON.stringify(y);
}

/** A value as stored in a version (dates as ISO text). */
export const storedValue = (value: unknown): Valor => {
  const v = normalised(value);
  if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
    const out: Record<string, unknown> = {};
    for (const [k, inner] of Object.entries(v)) out[k] = normalised(inner);
    return out;
  }
  return v;
};

// ---- campos ----

export interface CampoParts {
  /** Absent for a product field. */
  section?: string;
  /** The row key inside the section ('' for a part with one row per product). */
  key?: string;
  /** Absent for a whole row. */
  field?: string;
}

export const campoOf = (parts: CampoParts): string => {
  if (!parts.section) return parts.field ?? '';
  const row = parts.key ? `${parts.section}[${parts.key}]` : parts.section;
  return parts.field ? `${row}.${parts.field}` : row;
};

/** The parts of a campo, knowing the section names (undefined when it names none of them). */
export function parseCampo(campo: string, sections: readonly string[]): CampoParts | undefined {
  const keyed = /^(\w+)\[(.*)\](?:\.(\w+))?$/.exec(campo);
  if (keyed) {
    return sections.includes(keyed[1]) ? { section: keyed[1], key: keyed[2], field: keyed[3] } : undefined;
  }
  const single = /^(\w+)(?:\.(\w+))?$/.exec(campo);
  if (!single) return undefined;
  if (sections.includes(single[1])) return { section: single[1], key: '', field: single[2] };
  return single[2] ? undefined : { field: single[1] };
}

/** Whether campo `a` and campo `b` touch the same value (a whole row touches all its fields). */
export function overlaps(a: string, b: string): boolean {
  return a === b || b.startsWith(`${a}.`) || a.startsWith(`${b}.`);
}

// ---- changes of a write ----

export type Row = Record<string, unknown>;

/** The changes between a row as it was and as it is, over `fields` (prefix: the campo of the row). */
export function rowChanges(
  before: Row | undefined,
  after: Row | undefined,
  fields: readonly string[],
  row: Omit<CampoParts, 'field'> = {},
  label?: (field: string | undefined) => string | undefined,
): Cambio[] {
  const pick = (r: Row): Row => {
    const out: Row = {};
    for (const f of fields) out[f] = storedValue(r[f]);
    return out;
  };
  const withLabel = (cambio: Cambio, field?: string): Cambio => {
    const etiqueta = label?.(field);
    return etiqueta ? { ...cambio, etiqueta } : cambio;
  };
  if (row.section && (!before || !after)) {
    if (!before && !after) return [];
    return [
      withLabel({
        campo: campoOf(row),
        anterior: before ? pick(before) : null,
        nuevo: after ? pick(after) : null,
      }),
    ];
  }
  const out: Cambio[] = [];
  for (const field of fields) {
    const anterior = storedValue(before?.[field]);
    const nuevo = storedValue(after?.[field]);
    if (sameValue(anterior, nuevo)) continue;
    out.push(withLabel({ campo: campoOf({ ...row, field }), anterior, nuevo }, field));
  }
  return out;
}

/**
 * The changes of a version after a newer save merged into it: a campo changed again keeps its first `anterior`
 * and takes the last `nuevo` (in the later place); a campo back to where it started disappears.
 */
export function mergeCambios(older: readonly Cambio[], newer: readonly Cambio[]): Cambio[] {
  const out = [...older];
  for (const cambio of newer) {
    const at = out.findIndex((c) => c.campo === cambio.campo);
    if (at < 0) {
      out.push(cambio);
      continue;
    }
    const [first] = out.splice(at, 1);
    out.push({ ...cambio, anterior: first.anterior });
  }
  return out.filter((c) => !sameValue(c.anterior, c.nuevo));
}

// ---- states ----

/** A product and its parts: section → row key → row (null: no such row). */
export interface ProductState {
  product: Row;
  sections: Record<string, Record<string, Row | null>>;
}

const cloneState = (state: ProductState): ProductState => ({
  product: { ...state.product },
  sections: Object.fromEntries(
    Object.entries(state.sections).map(([name, rows]) => [
      name,
      Object.fromEntries(Object.entries(rows).map(([key, row]) => [key, row ? { ...row } : null])),
    ]),
  ),
});

/** Sets one campo of a state to `value`. */
function setCampo(state: ProductState, parts: CampoParts, value: Valor): void {
  if (!parts.section) {
    if (parts.field) state.product[parts.field] = value;
    return;
  }
  const rows = (state.sections[parts.section] ??= {});
  const key = parts.key ?? '';
  if (!parts.field) {
    rows[key] = value && typeof value === 'object' ? { ...(value as Row) } : null;
    return;
  }
  const row = rows[key] ?? {};
  row[parts.field] = value;
  rows[key] = row;
}

/**
 * The state before the given changes: their `anterior` applied newest first (versions newest first, the
 * changes of each version last to first). `only`: just that campo (and what it contains).
 */
export function undo(
  state: ProductState,
  versionsNewestFirst: readonly { cambios: readonly Cambio[] }[],
  sections: readonly string[],
  only?: string,
): ProductState {
  const out = cloneState(state);
  for (const version of versionsNewestFirst) {
    for (let i = version.cambios.length - 1; i >= 0; i -= 1) {
      const cambio = version.cambios[i];
      if (only && !overlaps(only, cambio.campo)) continue;
      const parts = parseCampo(cambio.campo, sections);
      if (parts) setCampo(out, parts, cambio.anterior);
    }
  }
  return out;
}

/** The versions to undo to reach the state after (or before) version `versionId` (newest first in, out). */
export function versionsToUndo<V extends { id: number }>(
  newestFirst: readonly V[],
  versionId: number,
  momento: 'despues' | 'antes' = 'despues',
): V[] | undefined {
  const at = newestFirst.findIndex((v) => v.id === versionId);
  if (at < 0) return undefined;
  return newestFirst.slice(0, momento === 'antes' ? at + 1 : at);
}

/** Whether a version (or its campo `campo`) is worth showing for a filter by field (campo prefix). */
export const touchesField = (cambios: readonly Cambio[], campo: string): boolean =>
  cambios.some((c) => overlaps(campo, c.campo) || c.campo.startsWith(campo));

/** A value shown to people (a whole row as «campo: valor» pairs). */
export function showValue(value: Valor): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'object') {
    return Object.entries(value as Row)
      .filter(([, v]) => v !== null && v !== undefined && v !== '')
      .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v as string)}`)
      .join(', ');
  }
  return String(value as string);
}
