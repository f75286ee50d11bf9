/**
 * "Importar CSV": pick a table, drop a file; the file is read, parsed and normalised in a Web Worker; columns are
 * mapped to fields (automatically by name, adjustable); the first rows are previewed with their normalised
 * values and every problem found; then the import runs with a progress bar (rows, rate, time left) and Cancel,
 * and ends with a report (created, updated, unchanged, rejected) and the rejected rows as a CSV to fix and import
 * again. Only the tables the person may create in (or import into) are offered. Leaving the page while an import
 * runs asks first (ImportLeaveGuard); leaving anyway, or the page unmounting, cancels it.
 *
 * The page's state is one reducer (importState.ts) and each step is a component (importSteps.tsx); this file
 * runs the side effects — reading, preparing, importing, downloading — and dispatches what they give.
 */
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useContext, useEffect, useMemo, useReducer, useRef } from 'react';
import { Confirm, DataProviderContext, Title, useDataProvider, useNotify } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { companySourceOf } from '../dataProvider';
import type { ResourceSchema } from '../../resources/types';
import { backendFromDataProvider } from './backend';
import { downloadText } from '../../resources/generic/csvExport/download';
import { autoMap, columnsOf, missingRequired, remap, type ColumnMapping } from './mapping';
import { createCsvParser, type CsvParser } from './parseClient';
import type { PreparedRow } from './prepare';
import { checkReferences } from './references';
import { checkTypedValues } from './typedValues';
import { checkOnServer } from './dryRun';
import { rejectedFileName, rejectedRowsCsv } from './report';
import { runImport, type ImportProgress } from './runner';
import { ImportLeaveGuard } from './ImportLeaveGuard';
import { importSchemas, resolveTable } from '../../resources/csvTables';
import { useAllowedTables } from './useAllowedTables';
import { formatCount } from '../../core/formats';
import {
  importReducer,
  initialImportState,
  isRunning,
  PREVIEW_ROWS,
  startingProgress,
  summarise,
  validRows,
} from './importState';
import { ColumnsStep, ImportStep, PreviewStep, TableAndFileStep } from './importSteps';

/** The table of `?tabla=`, or the error that names it. */
const requestedTable = (requested: string | null) => {
  if (!requested) return undefined;
  const resolved = resolveTable(requested, 'import');
  return 'schema' in resolved
    ? { table: resolved.schema.table ?? '' }
    : { error: `${resolved.error} «${requested}»` };
};

const ImportPage = () => {
  const dataProvider = useDataProvider();
  const rawProvider = useContext(DataProviderContext);
  // the company of every lookup, check and write: the one data provider's (src/custom/dataProvider.ts)
  const getEmpresaId = useMemo(() => companySourceOf(rawProvider), [rawProvider]);
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [state, dispatch] = useReducer(importReducer, params.get('tabla'), (requested) =>
    initialImportState(requestedTable(requested)),
  );
  const { table, summary, mappings, prepared, progress, report } = state;

  const parser = useRef<CsvParser | null>(null);
  const rows = useRef<PreparedRow[]>([]);
  const latest = useRef<ImportProgress | null>(null);
  const abort = useRef<AbortController | null>(null);
  const sequence = useRef(0);

  const importable = useMemo(() => importSchemas(), []);
  const { allowed: schemas, isPending: checkingAccess, isAllowed } = useAllowedTables(importable, 'import');
  const chosen = importable.find((candidate) => candidate.table === table);
  const schema: ResourceSchema | undefined = chosen && isAllowed(chosen) ? chosen : undefined;
  const forbidden = chosen && !checkingAccess && !schema ? chosen : undefined;
  const running = isRunning(state);

  // Leaving the page (unmount) stops a running import: nothing keeps writing where nobody sees it.
  useEffect(
    () => () => {
      abort.current?.abort();
      parser.current?.dispose();
    },
    [],
  );

  // The running import: progress reaches the page at most 5 times a second; leaving asks first.
  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(() => dispatch({ type: 'progressed', progress: latest.current }), 200);
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => {
      clearInterval(timer);
      window.removeEventListener('beforeunload', warn);
    };
  }, [running]);

  const prepare = useCallback(
    async (target: ResourceSchema, next: ColumnMapping[]) => {
      const current = parser.current;
      if (!current) return;
      const run = ++sequence.current;
      dispatch({ type: 'preparing', count: 0 });
      let shown = 0;
      try {
        const result = await current.prepare(target, next, (count) => {
          // at most 4 renders a second while the chunks arrive: the page stays responsive
          const now = performance.now();
          if (run !== sequence.current || now - shown < 250) return;
          shown = now;
          dispatch({ type: 'preparing', count });
        });
        if (run !== sequence.current) return;
        // names of other records (categories, brands, SKUs) must exist in the company: looked up on the API.
        const backend = backendFromDataProvider(dataProvider, getEmpresaId, {
          findWhere: typeof (rawProvider as { findWhere?: unknown } | null)?.findWhere === 'function',
          checkImport: typeof (rawProvider as { checkImport?: unknown } | null)?.checkImport === 'function',
        });
        // (and typed values: an attribute's value of its type, an icon's text among its values)
        const columnOf = columnsOf(next);
        const referenced = await checkReferences(target, result, backend, { columnOf });
        const typed = await checkTypedValues(target, referenced, backend, { columnOf });
        // then what a write would answer (references, uniqueness, the record a key names): the API's dry run —
        // the first rows first, shown while the others are checked (the count and the button wait for them)
        const head = await checkOnServer(target.name, typed.slice(0, PREVIEW_ROWS), backend, { columnOf });
        if (run !== sequence.current) return;
        const rest = typed.slice(PREVIEW_ROWS);
        const total = rest.filter((row) => !row.problems.length).length;
        dispatch({ type: 'checking', done: 0, total, preview: head });
        const tail = await checkOnServer(target.name, rest, backend, {
          columnOf,
          onProgress: (done) => {
            const now = performance.now();
            if (run !== sequence.current || now - shown < 250) return;
            shown = now;
            dispatch({ type: 'checking', done, total });
          },
        });
        if (run !== sequence.current) return;
        const checked = head.concat(tail);
        rows.current = checked;
        dispatch({ type: 'prepared', prepared: summarise(checked) });
      } catch (error) {
        if (run === sequence.current) {
          dispatch({
            type: 'prepareFailed',
            message: error instanceof Error ? error.message : String(error),
          });
        }
      } finally {
        if (run === sequence.current) dispatch({ type: 'prepareEnded' });
      }
    },
    [dataProvider, getEmpresaId, rawProvider],
  );

  // A file and a table: map the columns automatically, then prepare the rows.
  useEffect(() => {
    if (!summary || !schema) return;
    const automatic = autoMap(schema, summary.headers);
    dispatch({ type: 'columnsMapped', mappings: automatic });
    void prepare(schema, automatic);
  }, [summary, schema, prepare]);

  const onFile = useCallback(
    async (file: File) => {
      parser.current?.dispose();
      const next = createCsvParser();
      parser.current = next;
      rows.current = [];
      dispatch({ type: 'fileStarted' });
      try {
        const parsed = await next.parse(file, file.name);
        if (table) {
          dispatch({ type: 'fileRead', summary: parsed });
          return;
        }
        const fromName = parsed.tableFromName ? resolveTable(parsed.tableFromName, 'import') : undefined;
        dispatch(
          fromName && 'schema' in fromName
            ? { type: 'fileRead', summary: parsed, table: fromName.schema.table ?? '' }
            : {
                type: 'fileRead',
                summary: parsed,
                tableError: fromName
                  ? `${fromName.error} «${parsed.tableFromName}»: elija la tabla de destino`
                  : 'Elija la tabla de destino del fichero',
              },
        );
      } catch (error) {
        notify(`No se pudo leer el fichero: ${error instanceof Error ? error.message : String(error)}`, {
          type: 'error',
        });
        dispatch({ type: 'fileFailed' });
      }
    },
    [notify, table],
  );

  const changeMapping = useCallback(
    (index: number, field: string | null) => {
      if (!schema) return;
      const next = remap(schema, mappings, index, field);
      dispatch({ type: 'mappingChanged', mappings: next });
      void prepare(schema, next);
    },
    [schema, mappings, prepare],
  );

  const start = async () => {
    if (!schema) {
      dispatch({ type: 'confirmClosed' });
      return;
    }
    const controller = new AbortController();
    abort.current = controller;
    latest.current = startingProgress(rows.current.length);
    dispatch({ type: 'importStarted', total: rows.current.length });
    const backend = backendFromDataProvider(dataProvider, getEmpresaId, {
      findWhere: typeof (rawProvider as { findWhere?: unknown } | null)?.findWhere === 'function',
      createBatch: typeof (rawProvider as { createBatch?: unknown } | null)?.createBatch === 'function',
    });
    try {
      const result = await runImport({
        schema,
        rows: rows.current,
        backend,
        empresaId: getEmpresaId(),
        columnOf: columnsOf(mappings),
        signal: controller.signal,
        onProgress: (value) => {
          latest.current = value;
        },
      });
      dispatch({ type: 'importFinished', report: result });
      await queryClient.invalidateQueries();
    } catch (error) {
      notify(`La importación se ha detenido: ${error instanceof Error ? error.message : String(error)}`, {
        type: 'error',
      });
      dispatch({ type: 'importFailed' });
    } finally {
      abort.current = null;
    }
  };

  const cancel = () => {
    dispatch({ type: 'cancelAsked' });
    abort.current?.abort();
  };

  const downloadRejected = async () => {
    if (!report || !summary || !parser.current) return;
    dispatch({ type: 'downloadStarted' });
    try {
      const cells = await parser.current.cells(report.rejectedRows.map((row) => row.line));
      downloadText(
        rejectedFileName(report.table),
        rejectedRowsCsv(summary.headers, report.rejectedRows, (line) => cells.get(line)),
      );
    } finally {
      dispatch({ type: 'downloadEnded' });
    }
  };

  const restart = () => {
    parser.current?.dispose();
    parser.current = null;
    rows.current = [];
    dispatch({ type: 'restarted' });
  };

  const missing = schema && summary ? missingRequired(schema, mappings) : [];
  const valid = validRows(state);

  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Title title="Importar CSV" />
      <TableAndFileStep
        schemas={schemas}
        schema={schema}
        table={table}
        tableError={state.tableError}
        forbidden={forbidden}
        checkingAccess={checkingAccess}
        running={running}
        reading={state.reading}
        summary={summary}
        empresaId={getEmpresaId()}
        onTable={(value) => dispatch({ type: 'tableChosen', table: value })}
        onFile={(file) => void onFile(file)}
      />
      {summary && schema && (
        <ColumnsStep
          schema={schema}
          mappings={mappings}
          missing={missing}
          running={running}
          onChange={changeMapping}
        />
      )}
      {summary && schema && (state.preparing !== null || state.checking || prepared) && (
        <PreviewStep
          summary={summary}
          mappings={mappings}
          preparing={state.preparing}
          checking={state.checking}
          prepared={prepared}
          valid={valid}
          canImport={!running && !report}
          onImport={() => dispatch({ type: 'confirmAsked' })}
        />
      )}
      {progress && (
        <ImportStep
          progress={progress}
          report={report}
          cancelling={state.cancelling}
          downloading={state.downloading}
          onCancel={cancel}
          onDownload={() => void downloadRejected()}
          onRestart={restart}
        />
      )}
      <ImportLeaveGuard running={running} onLeave={cancel} />
      <Confirm
        isOpen={state.confirming}
        title={`Importar en ${schema?.labelPlural ?? ''}`}
        content={`Se importarán ${formatCount(valid)} filas en ${schema?.labelPlural ?? ''} de la empresa seleccionada: las que ya existen se actualizarán y las nuevas se crearán. ¿Continuar?`}
        confirm="Importar"
        cancel="Cancelar"
        onConfirm={() => void start()}
        onClose={() => dispatch({ type: 'confirmClosed' })}
      />
    </Stack>
  );
};

export default ImportPage;
