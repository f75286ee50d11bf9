/**
 * The synchronisation log (docs/requirements.md#r2-screens "Synchronisation log", #r3-entities "Sync log row", #r7-api "log filters", #r8-errors "Table
 * names"): which resource each table reads, its identity columns, the filters and the fixed CSV columns. Pure.
 */
import { containsPattern } from '../../core/likePatterns';

export const LOG_TABLE_ERROR = 'Problema con el nombre de la tabla';

export const SYNC_COLUMNS = [
  'fechaSincronizacionConBC',
  'fechaEjecucionDeProcesoSincroBC',
  'motivoErrorSincroConBC',
] as const;

export interface LogTable {
  /** The table name shown in the selector and used for the CSV file name. */
  table: LogTableName;
  /** The API resource. */
  resource: string;
  /** Identity columns (docs/requirements.md#r3-entities). */
  identity: readonly string[];
}

export const LOG_TABLES = {
  productos: { table: 'productos', resource: 'productos', identity: ['nombre'] },
  repuestos: { table: 'repuestos', resource: 'Repuestos', identity: ['skuPrincipal', 'skuRepuesto'] },
  sustitutos: { table: 'sustitutos', resource: 'Sustitutos', identity: ['skuPrincipal', 'skuSustituto'] },
  ensamblados: { table: 'ensamblados', resource: 'Ensamblados', identity: ['skuPrincipal', 'skuEnsamblado'] },
} as const satisfies Record<string, { table: string; resource: string; identity: readonly string[] }>;

export type LogTableName = keyof typeof LOG_TABLES;

export const LOG_TABLE_NAMES = Object.keys(LOG_TABLES) as LogTableName[];

/** The table's declaration; an unknown name throws 'Problema con el nombre de la tabla'. */
export function logTable(name: string): LogTable {
  if (!Object.prototype.hasOwnProperty.call(LOG_TABLES, name)) throw new Error(LOG_TABLE_ERROR);
  return LOG_TABLES[name as LogTableName];
}

/** The fixed CSV columns of a table's log: identity columns then the three sync fields. */
export const logColumns = (name: string): string[] => [...logTable(name).identity, ...SYNC_COLUMNS];

export const logCsvName = (name: string): string => `log_${logTable(name).table}`;

export type ErrorFilter = 'todos' | 'con' | 'sin';

export interface LogFilters {
  /** 'YYYY-MM-DD': fechaEjecucionDeProcesoSincroBC between 00:00:00 and 23:59:59 of that day. */
  fecha?: string;
  /**
   * The user's time-zone offset on that day, as Date#getTimezoneOffset gives it (minutes, UTC minus local):
   * the day runs from the user's 00:00:00 to 23:59:59. Default 0 (a UTC day).
   */
  offsetMinutes?: number;
  errores?: ErrorFilter;
  /** Free text on the identity columns. */
  texto?: string;
  /** Only this company (productos are company-scoped). */
  empresaId?: number;
}

type Where = Record<string, unknown>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The LoopBack where of a log query: rows a sync has run on (fechaEjecucionDeProcesoSincroBC set), plus the
 * filters. Each property carries one operator (LoopBack applies only one): extra conditions go in `and`.
 */
export function logWhere(name: string, filters: LogFilters = {}): Where {
  const table = logTable(name);
  const and: Where[] = [];
  const fecha = filters.fecha?.trim();
  if (fecha) {
    if (!DAY.test(fecha)) throw new Error(`Fecha no válida: ${fecha}`);
    const start = Date.parse(`${fecha}T00:00:00.000Z`) + (filters.offsetMinutes ?? 0) * 60_000;
    if (Number.isNaN(start)) throw new Error(`Fecha no válida: ${fecha}`);
    const end = start + 24 * 3600_000 - 1;
    and.push({
      fechaEjecucionDeProcesoSincroBC: {
        between: [new Date(start).toISOString(), new Date(end).toISOString()],
      },
    });
  } else {
    and.push({ fechaEjecucionDeProcesoSincroBC: { neq: null } });
  }
  if (filters.errores === 'con') and.push({ motivoErrorSincroConBC: { neq: null } });
  if (filters.errores === 'sin') and.push({ motivoErrorSincroConBC: null });
  const texto = filters.texto?.trim();
  if (texto) and.push({ or: table.identity.map((field) => ({ [field]: { like: containsPattern(texto) } })) });
  if (filters.empresaId !== undefined && table.table === 'productos')
    and.push({ empresaId: filters.empresaId });
  return and.length === 1 ? and[0] : { and };
}

/** Newest run first. */
export const LOG_ORDER = ['fechaEjecucionDeProcesoSincroBC DESC', 'id DESC'];
