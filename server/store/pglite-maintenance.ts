/**
 * PGlite runs PostgreSQL without its background processes: no autovacuum, so no table is ever analyzed or
 * vacuumed by itself. Without statistics the planner guesses (a company's 100,000 products were read whole
 * and sorted for a 25-row page) and without vacuum a count cannot use an index-only scan and dead rows
 * pile up. This does autovacuum's work in the database process, between client requests:
 * - on the first round, before the database is served: tables never analyzed (`reltuples < 0`) are
 *   analyzed, tables whose pages are mostly not all-visible are vacuumed (the counters of the previous run
 *   are not kept) — a catalogue loaded in bulk is ready before the first request;
 * - then every `intervalMs`: autovacuum's own thresholds on the counters (rows changed since the last
 *   analyze > 50 + 10 %, dead rows > 50 + 20 %, rows inserted since the last vacuum > 1000 + 20 %).
 */
import type { PGlite } from '@electric-sql/pglite';
import type { PgliteServer } from './pglite-server';

interface TableState {
  name: string;
  reltuples: number;
  pages: number;
  relallvisible: number;
  mod: number;
  dead: number;
  inserted: number;
}

const STATE_SQL = `SELECT quote_ident(s.schemaname) || '.' || quote_ident(s.relname) AS name,
  c.reltuples::float8 AS reltuples, (pg_relation_size(c.oid) / current_setting('block_size')::int)::int AS pages,
  c.relallvisible AS relallvisible, s.n_mod_since_analyze::int AS mod, s.n_dead_tup::int AS dead,
  s.n_ins_since_vacuum::int AS inserted
  FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid`;

/** The statements one round runs (exported for tests). */
export function maintenanceStatements(tables: TableState[], first: boolean): string[] {
  const statements: string[] = [];
  for (const t of tables) {
    const rows = Math.max(t.reltuples, 0);
    const vacuum =
      t.dead > 50 + 0.2 * rows ||
      t.inserted > 1000 + 0.2 * rows ||
      (first && t.pages >= 64 && t.relallvisible < 0.5 * t.pages);
    const analyze = t.mod > 50 + 0.1 * rows || (t.reltuples < 0 && t.pages > 0);
    if (vacuum) statements.push(`VACUUM (ANALYZE) ${t.name}`);
    else if (analyze) statements.push(`ANALYZE ${t.name}`);
  }
  return statements;
}

export async function startMaintenance(
  db: PGlite,
  server: PgliteServer,
  opts: { intervalMs?: number } = {},
): Promise<{ stop(): void }> {
  let first = true;
  let busy = false;
  const round = async (): Promise<void> => {
    if (busy) return;
    busy = true;
    try {
      const tables = (await server.task(() => db.query<TableState>(STATE_SQL))).rows;
      // One statement per turn: client requests queued meanwhile run between them.
      for (const sql of maintenanceStatements(tables, first)) await server.task(() => db.exec(sql));
      first = false;
    } catch (err) {
      console.error(`Embedded database maintenance: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      busy = false;
    }
  };
  await round();
  const timer = setInterval(() => void round(), opts.intervalMs ?? 30_000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
