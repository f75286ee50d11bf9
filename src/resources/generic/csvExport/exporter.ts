/**
 * CSV export of a table (docs/requirements.md#r7-api): the current company's rows (the data provider scopes company tables; child
 * tables such as producto_general keep only rows whose product is the company's), optionally a list filter,
 * fetched page by page (never one giant request) with progress and cancel, then written by toCsv.
 * Integration-template export: Familias dropped, file columns prefixed with the configured base path.
 */
import type { DataProvider, RaRecord } from 'ra-core';
import type { ResourceSchema } from '../../types';
import { tableColumns, toCsv } from '../../csvTables';
import { csvFileName } from '../../../core/csv/csvWrite';
import type { Row } from '../../../core/csv/normalize';
import { companyParent, FAMILIAS_COLUMN, FILE_COLUMNS } from '../../csvTables';

/** Rows per request: big pages, because each page costs a scan on the server whatever its size. */
export const EXPORT_PAGE_SIZE = 5000;

export interface FetchAllOptions {
  filter?: Record<string, unknown>;
  pageSize?: number;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}

const abortError = (): Error => {
  const error = new Error('Exportación cancelada');
  error.name = 'AbortError';
  return error;
};

/** One page of rows (1-based) and the total, as a list query answers. */
export type PageFetcher<T> = (
  page: number,
  perPage: number,
  signal?: AbortSignal,
) => Promise<{ data: readonly T[]; total?: number }>;

export type PagingOptions = Omit<FetchAllOptions, 'filter'>;

/**
 * Every row a paged query gives, page by page (never one giant request, no cap), with progress and cancel:
 * the generic table export and other exports (e.g. the synchronisation log) share it.
 */
export async function fetchPages<T>(fetchPage: PageFetcher<T>, options: PagingOptions = {}): Promise<T[]> {
  const perPage = options.pageSize ?? EXPORT_PAGE_SIZE;
  const rows: T[] = [];
  let total = Infinity;
  for (let page = 1; rows.length < total; page++) {
    if (options.signal?.aborted) throw abortError();
    const result = await fetchPage(page, perPage, options.signal);
    if (options.signal?.aborted) throw abortError();
    rows.push(...result.data);
    total = typeof result.total === 'number' ? result.total : rows.length;
    options.onProgress?.(rows.length, Math.max(total, rows.length));
    if (result.data.length < perPage) break;
  }
  return rows;
}

/** Every row of a resource matching `filter`, id ASC (a stable order for paging), page by page. */
export function fetchAllRows(
  provider: DataProvider,
  resource: string,
  options: FetchAllOptions = {},
): Promise<RaRecord[]> {
  return fetchPages(
    (page, perPage, signal) =>
      provider.getList(resource, {
        pagination: { page, perPage },
        sort: { field: 'id', order: 'ASC' },
        filter: options.filter ?? {},
        signal,
      }),
    options,
  );
}

/** The ids of the selected company's parent records (e.g. its products), for exporting child tables. */
async function companyIds(
  provider: DataProvider,
  resource: string,
  signal?: AbortSignal,
): Promise<Set<unknown>> {
  const rows = await fetchAllRows(provider, resource, { signal, pageSize: 5000 });
  return new Set(rows.map((row) => row.id));
}

export interface ExportRowsOptions extends FetchAllOptions {
  /** Keep only the selected company's rows of child tables (default true). */
  companyOnly?: boolean;
}

/** The rows of a table to export. */
export async function exportRows(
  provider: DataProvider,
  schema: ResourceSchema,
  options: ExportRowsOptions = {},
): Promise<RaRecord[]> {
  const parent = options.companyOnly === false ? undefined : companyParent(schema);
  const ids = parent ? await companyIds(provider, parent.resource, options.signal) : undefined;
  const rows = await fetchAllRows(provider, schema.name, options);
  return parent && ids ? rows.filter((row) => ids.has(row[parent.field])) : rows;
}

/** `/srv/pim/x` + `multimedia/a.png` → `/srv/pim/x/multimedia/a.png` (URLs and already-prefixed paths kept). */
export function withBasePath(basePath: string, value: unknown): unknown {
  if (typeof value !== 'string' || value.trim() === '' || !basePath.trim()) return value;
  const base = basePath.trim().replace(/[\\/]+$/, '');
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value) || value.startsWith(`${base}/`)) return value;
  return `${base}/${value.replace(/^[\\/]+/, '')}`;
}

export interface IntegrationOptions {
  /** Plantilla.rutaBase, else parametrosGlobales.rutaBaseFicheros. */
  basePath: string;
  /** The template table's fields (Tablas.campos, comma-separated); empty = every field. */
  campos?: string | null;
}

/** The columns of a table in an integration-template export: the template's fields, never Familias. */
export function integrationColumns(table: string, campos?: string | null): string[] {
  const declared = tableColumns(table) ?? [];
  const chosen = (campos ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name && declared.includes(name));
  return (chosen.length ? chosen : declared).filter((name) => name.toLowerCase() !== FAMILIAS_COLUMN);
}

/** Rows → the integration-template rows: file columns prefixed with the base path. */
export const integrationRows = (rows: readonly Row[], basePath: string): Row[] =>
  rows.map((row) => {
    const out: Row = { ...row };
    for (const column of FILE_COLUMNS) if (column in out) out[column] = withBasePath(basePath, out[column]);
    return out;
  });

export interface CsvFile {
  fileName: string;
  text: string;
  rows: number;
}

/** The CSV file of a table: `{table}_PIM.csv` (resources without a table: `{resource}_PIM.csv`, their fields). */
export function exportFile(
  schema: ResourceSchema,
  rows: readonly Row[],
  integration?: IntegrationOptions,
): CsvFile {
  const table = schema.table ?? schema.name;
  if (integration) {
    const columns = integrationColumns(table, integration.campos);
    return {
      fileName: csvFileName(table),
      text: toCsv(table, integrationRows(rows, integration.basePath), columns),
      rows: rows.length,
    };
  }
  const columns = schema.table
    ? undefined
    : schema.fields.filter((field) => !field.writeOnly).map((field) => field.name);
  return { fileName: csvFileName(table), text: toCsv(table, rows, columns), rows: rows.length };
}
