/**
 * The "Importar CSV" page state (src/custom/importExport/importState.ts): how each step moves it — the table
 * from the address or the file name, a new file dropping the previous preview and report, an automatic mapping
 * dropping the preview but a hand-made one keeping it until the new one is ready, an import from start to
 * report, a failed import, and starting again.
 */
import { describe, expect, it } from 'vitest';
import {
  importReducer,
  initialImportState,
  isRunning,
  PREVIEW_ROWS,
  startingProgress,
  summarise,
  validRows,
  type ImportAction,
  type ImportState,
} from '../../src/custom/importExport/importState';
import type { ColumnMapping } from '../../src/custom/importExport/mapping';
import type { ParseSummary } from '../../src/custom/importExport/parseSession';
import type { PreparedRow } from '../../src/custom/importExport/prepare';
import type { ImportReport } from '../../src/custom/importExport/runner';

const summary = { fileName: 'marca_PIM.csv', rowCount: 3, headers: ['nombre'] } as unknown as ParseSummary;
const mapping = [{ column: 'nombre', field: 'nombre' }] as unknown as ColumnMapping[];
const row = (line: number, problems: string[] = []) =>
  ({
    line,
    values: {},
    problems: problems.map((reason) => ({ column: 'nombre', reason })),
  }) as unknown as PreparedRow;
const report = {
  ...startingProgress(3),
  done: 3,
  created: 2,
  rejected: 1,
  rejectedRows: [],
  table: 'marca',
} as unknown as ImportReport;

const run = (state: ImportState, ...actions: ImportAction[]) => actions.reduce(importReducer, state);

describe('import page state', () => {
  it('opens on the table of ?tabla=, or with its error', () => {
    expect(initialImportState({ table: 'marca' })).toMatchObject({ table: 'marca', tableError: null });
    expect(initialImportState({ error: 'Problema con el nombre de la tabla «x»' })).toMatchObject({
      table: '',
      tableError: 'Problema con el nombre de la tabla «x»',
    });
    expect(initialImportState(undefined)).toMatchObject({ table: '', tableError: null, progress: null });
  });

  it('a file read with no table chosen takes the table its name says, or says why not', () => {
    const reading = run(initialImportState(undefined), { type: 'fileStarted' });
    expect(reading.reading).toBe(true);
    expect(run(reading, { type: 'fileRead', summary, table: 'marca' })).toMatchObject({
      summary,
      table: 'marca',
      tableError: null,
      reading: false,
    });
    expect(
      run(reading, { type: 'fileRead', summary, tableError: 'Elija la tabla de destino del fichero' }),
    ).toMatchObject({ table: '', tableError: 'Elija la tabla de destino del fichero', reading: false });
    expect(run(reading, { type: 'fileFailed' })).toMatchObject({ reading: false, summary: null });
  });

  it('an automatic mapping drops the preview; a hand-made one keeps it until the new one is ready', () => {
    const prepared = summarise([row(2), row(3, ['Obligatorio'])]);
    const ready = run(
      initialImportState({ table: 'marca' }),
      { type: 'fileRead', summary },
      { type: 'columnsMapped', mappings: mapping },
      { type: 'preparing', count: 0 },
      { type: 'prepared', prepared },
      { type: 'prepareEnded' },
    );
    expect(ready).toMatchObject({ mappings: mapping, prepared, preparing: null });
    expect(validRows(ready)).toBe(1);
    expect(run(ready, { type: 'mappingChanged', mappings: [] }).prepared).toBe(prepared);
    expect(run(ready, { type: 'columnsMapped', mappings: [] }).prepared).toBeNull();
    expect(run(ready, { type: 'prepareFailed', message: 'sin memoria' }).tableError).toBe('sin memoria');
  });

  it('summarises prepared rows: the count, the first rows, the rows with problems', () => {
    const rows = Array.from({ length: PREVIEW_ROWS + 5 }, (_, i) => row(i + 2, i === 12 ? ['mal'] : []));
    const prepared = summarise(rows);
    expect(prepared.total).toBe(PREVIEW_ROWS + 5);
    expect(prepared.preview).toHaveLength(PREVIEW_ROWS);
    expect(prepared.problems).toEqual([{ line: 14, problems: rows[12].problems }]);
  });

  it('an import: confirmed, running with progress, cancelled, then its report; starting again clears the file', () => {
    const asked = run(
      initialImportState({ table: 'marca' }),
      { type: 'fileRead', summary },
      { type: 'confirmAsked' },
    );
    expect(asked.confirming).toBe(true);
    const started = run(asked, { type: 'cancelAsked' }, { type: 'importStarted', total: 3 });
    expect(started).toMatchObject({
      confirming: false,
      cancelling: false,
      report: null,
      progress: startingProgress(3),
    });
    expect(isRunning(started)).toBe(true);
    const half = { ...startingProgress(3), done: 2 };
    expect(run(started, { type: 'progressed', progress: half }).progress).toEqual(half);
    expect(run(started, { type: 'cancelAsked' }).cancelling).toBe(true);
    const finished = run(started, { type: 'importFinished', report });
    expect(finished).toMatchObject({ progress: report, report });
    expect(isRunning(finished)).toBe(false);
    expect(run(finished, { type: 'downloadStarted' }).downloading).toBe(true);
    expect(run(finished, { type: 'downloadStarted' }, { type: 'downloadEnded' }).downloading).toBe(false);
    expect(run(finished, { type: 'restarted' })).toMatchObject({
      table: 'marca',
      summary: null,
      mappings: [],
      prepared: null,
      progress: null,
      report: null,
    });
    expect(run(started, { type: 'importFailed' })).toMatchObject({ progress: null, report: null });
    expect(isRunning(run(started, { type: 'importFailed' }))).toBe(false);
  });

  it('choosing a table clears its error and the last report', () => {
    const state = run(initialImportState({ error: 'Problema' }), { type: 'importFinished', report });
    expect(run(state, { type: 'tableChosen', table: 'familias' })).toMatchObject({
      table: 'familias',
      tableError: null,
      report: null,
    });
  });

  it('while the API checks the rows, the first rows are shown and the count waits for the others', () => {
    const preparing = run(initialImportState({ table: 'marca' }), { type: 'preparing', count: 0 });
    const first = [row(2), row(3, ['El campo nombre no es correcto'])];
    const checking = run(preparing, { type: 'checking', done: 0, total: 500, preview: first });
    expect(checking).toMatchObject({ preparing: null, prepared: null, checking: { done: 0, total: 500 } });
    expect(checking.checking?.preview).toBe(first);
    // progress keeps the rows already shown
    const later = run(checking, { type: 'checking', done: 200, total: 500 });
    expect(later.checking).toEqual({ preview: first, done: 200, total: 500 });
    expect(validRows(later)).toBe(0);
    // progress without rows shown first (a stale answer) changes nothing
    expect(run(preparing, { type: 'checking', done: 200, total: 500 })).toBe(preparing);
    const done = run(later, { type: 'prepared', prepared: summarise([...first, row(4)]) });
    expect(done.checking).toBeNull();
    expect(validRows(done)).toBe(2);
    // a new file, or a new automatic mapping, drops the rows being checked
    expect(run(later, { type: 'fileStarted' }).checking).toBeNull();
    expect(run(later, { type: 'columnsMapped', mappings: mapping }).checking).toBeNull();
    expect(run(later, { type: 'prepareEnded' }).checking).toBeNull();
  });
});
