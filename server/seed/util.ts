/** Small pure helpers for the demo-data builder: rows with sequential ids, fixed dates, EAN codes. */
import { withCheckDigit } from '../../src/core/gtin';
import type { Rng } from './random';

export type Row = Record<string, unknown>;

/** Rows of one resource; `add` puts the next sequential id (from 1) first. */
export class Table {
  readonly rows: Row[] = [];

  constructor(private readonly idField: string | null = 'id') {}

  add(row: Row): number {
    const id = this.rows.length + 1;
    this.rows.push(this.idField ? { [this.idField]: id, ...row } : row);
    return id;
  }
}

const DAY_MS = 86_400_000;
/** Every date of the demo is an offset from this fixed instant (Monday 5 January 2026, 00:00 UTC). */
export const BASE_DATE_MS = Date.UTC(2026, 0, 5);

/** ISO date-time `days` after the base date, at `minutes` after midnight UTC. */
export const isoAt = (days: number, minutes = 0): string =>
  new Date(BASE_DATE_MS + days * DAY_MS + minutes * 60_000).toISOString();

/** A calendar date (midnight UTC) `days` after the base date. */
export const isoDay = (days: number): string => isoAt(days, 0);

/** A seeded office-hours time of day, in minutes (08:00–19:59, with seconds dropped). */
export const workMinutes = (rng: Rng): number => rng.int(8 * 60, 19 * 60 + 59);

/** Adds seconds to an ISO date-time. */
export const plusSeconds = (iso: string, seconds: number): string =>
  new Date(Date.parse(iso) + seconds * 1000).toISOString();

/** Whole days between the base date and an ISO date (floored). */
export const daysFromBase = (iso: string): number => Math.floor((Date.parse(iso) - BASE_DATE_MS) / DAY_MS);

/** A full EAN-13 (or GLN) from a 12-digit body. */
export const ean13 = (body12: string): string => {
  if (!/^\d{12}$/.test(body12)) throw new Error(`EAN body must have 12 digits: ${body12}`);
  return withCheckDigit(body12);
};

export const pad = (value: number, width: number): string => String(value).padStart(width, '0');

/** Cuts a text to `max` characters (for maxLength fields). */
export const clip = (value: string, max: number): string =>
  value.length <= max ? value : value.slice(0, max - 1).trimEnd() + '…';

/** The first letter upper-cased. */
export const capitalize = (value: string): string => value.charAt(0).toUpperCase() + value.slice(1);

/** Spanish-style number with a decimal comma. */
export const decimalEs = (value: number, decimals = 1): string => value.toFixed(decimals).replace('.', ',');
