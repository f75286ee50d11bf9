/**
 * What the jobs of text generation share: the resources they read and write, the defaults, the shapes of
 * their inputs and answers, and small readers of repository rows.
 */
import type { Where } from '@loopback/repository';
import { HttpErrors } from '@loopback/rest';
import type { CategoriaRow } from '../../../src/core/aiTexts/categories';
import type { RowResult, VistaRow as ReviewViewRow } from '../../../src/core/aiTexts/contract';
import type { Row } from '../../repositories';
import type { PlainRow, StoredEntity } from '../../repository-set';
import type { RowClaims } from '../claims';

export const PRODUCTS = 'productos';
export const GENERALS = 'producto-generals';
export const CATEGORIES = 'categorias';
export const MARKETPLACES = 'MarketPlaces';
export const PROMPTS = 'MarketPlacePrompts';
export const TEXTS = 'TextosGenerados';
export const QUEUE = 'ProductosGeneracionTextos';
export const LANGUAGES = 'idiomas';

export const DEFAULT_LANGUAGE = 'es';
/** Rows processed by one manual call when no ids are given (the nightly run takes everything). */
export const MANUAL_BATCH = 50;
/**
 * Time budget of one interactive request (manual run, dispatch), below the app's 60 s HTTP time-out: rows not
 * started in time stay pending for the next call (the app loops), the row that alone overruns it fails.
 */
export const DEFAULT_REQUEST_BUDGET_MS = 40_000;
/** Generator calls of one row (campos × idiomas) running at once. */
export const DEFAULT_CONCURRENCY = 3;
/** The reason stored on queue rows cancelled before being processed. */
export const CANCELLED_REASON = 'Cancelada por el usuario antes de procesarse';

export interface GenerationOptions {
  requestBudgetMs: number;
  concurrency: number;
}

/** What one claim on a queue row ended in: its result, or null when the row was not pending any more. */
export type ClaimOutcome = RowResult | null | 'released';
export type QueueClaims = RowClaims<ClaimOutcome>;

/** Pending = procesado N (or never set). */
export const isPending = (row: PlainRow): boolean => row.procesado == null || row.procesado === 'N';
export const PENDING: Where<StoredEntity<typeof QUEUE>> = {
  or: [{ procesado: 'N' }, { procesado: { eq: null } }],
};
/** A queue item's language list, normalised ('' and null mean the default language). */
export const idiomasKey = (value: unknown): string =>
  String(value ?? '')
    .split(',')
    .map((code) => code.trim())
    .filter(Boolean)
    .join(',') || DEFAULT_LANGUAGE;

export interface TextInput {
  id?: number;
  productoId?: number;
  marketplacePromptId?: number;
  campo?: string;
  idioma?: string;
  texto?: string;
  revisado_sn?: string;
}

export interface ReviewFilters {
  productos?: number[];
  categoria?: string;
  subcategoria?: string;
  marketplaces?: number[];
  idmarketplacesprompt?: number;
  revision?: string;
  /** Part of the product's name or of its title (its first general record), case-insensitive. */
  texto?: string;
}

/** A page of the review view: at most `limit` rows after the first `skip`. */
export interface VistaPage {
  limit?: number;
  skip?: number;
}

/** A row of the review view; the reference API always answers the ids of its texts. */
export type VistaRow = ReviewViewRow & { textIds: number[] };

export const unprocessable = (message: string, code = 'INVALID_TEXT_GENERATION'): Error =>
  Object.assign(new HttpErrors.UnprocessableEntity(message), { code });

export const num = (value: unknown): number => Number(value);
/** A repository row as a plain object (juggler entities carry toJSON). */
export const plainOf = (row: Row): PlainRow => ({
  ...(typeof row.toJSON === 'function' ? row.toJSON() : row),
});
export const asCategorias = (rows: readonly Row[]): CategoriaRow[] =>
  rows.map((row) => plainOf(row) as CategoriaRow);
export const isoNow = (): string => new Date().toISOString();
/** A generated text's identity: product, prompt, campo and idioma. */
export const textKey = (row: PlainRow): string =>
  `${num(row.productoId)}|${num(row.marketplacePromptId)}|${String(row.campo)}|${String(row.idioma ?? DEFAULT_LANGUAGE)}`;
