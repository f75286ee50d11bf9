/**
 * "Exportar CSV": any table of docs/requirements.md#r3-entities (and the export-only view) of the selected company as `{table}_PIM.csv`,
 * and the integration-template export (one file per table of the template: its fields, Familias dropped, file
 * columns prefixed with the template's base path or the global rutaBaseFicheros). Only the tables the person may
 * read are offered (and exported from a template).
 */
import DownloadIcon from '@mui/icons-material/GetApp';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { Title, useDataProvider, useGetList, useNotify, type RaRecord } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { exportSchemas, resolveTable, TABLE_NAME_ERROR, tableLabel } from '../../resources/csvTables';
import { NOT_ALLOWED, useAllowedTables } from './useAllowedTables';
import { ExportProgressDialog, useCsvExport } from '../../resources/generic/csvExport/useCsvExport';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

const TableExport = () => {
  const [params] = useSearchParams();
  const requested = params.get('tabla');
  const resolved = requested ? resolveTable(requested, 'export') : undefined;
  const [table, setTable] = useState(resolved && 'schema' in resolved ? (requested ?? '') : '');
  const { run, job, cancel } = useCsvExport();
  const exportable = useMemo(() => exportSchemas(), []);
  const { allowed: schemas, isPending, isAllowed } = useAllowedTables(exportable, 'export');
  const chosen = exportable.find((candidate) => candidate.table === table);
  const schema = chosen && isAllowed(chosen) ? chosen : undefined;
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Exportar una tabla
        </Typography>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          Todas las filas de la empresa seleccionada, separadas por punto y coma, en un fichero {'{tabla}'}
          _PIM.csv.
        </Typography>
        {resolved && 'error' in resolved && (
          <Alert severity="error" sx={{ my: 1 }}>
            {resolved.error} «{requested}»
          </Alert>
        )}
        {chosen && !isPending && !schema && (
          <Alert severity="error" sx={{ my: 1 }}>
            {NOT_ALLOWED}: «{chosen.table}»
          </Alert>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2 }} alignItems="center">
          <TextField
            select
            label="Tabla"
            value={schema ? table : ''}
            disabled={isPending}
            onChange={(event) => setTable(event.target.value)}
            sx={{ minWidth: 320 }}
            slotProps={{ htmlInput: { 'data-testid': 'export-table' } }}
          >
            {schemas.map((candidate) => (
              <MenuItem key={candidate.table} value={candidate.table}>
                {tableLabel(candidate)}
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="contained"
            startIcon={<DownloadIcon />}
            disabled={!schema || job !== null}
            onClick={() => schema && void run(schema)}
          >
            Exportar
          </Button>
        </Stack>
        <ExportProgressDialog job={job} onCancel={cancel} />
      </CardContent>
    </Card>
  );
};

const TemplateExport = () => {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const { run, job, cancel } = useCsvExport();
  const exportable = useMemo(() => exportSchemas(), []);
  const { isAllowed } = useAllowedTables(exportable, 'export');
  const [plantillaId, setPlantillaId] = useState<string>('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const { data: plantillas = [], isPending } = useGetList('Plantilla', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'nombre', order: 'ASC' },
  });
  const plantilla = plantillas.find((candidate) => String(candidate.id) === plantillaId);

  const exportTemplate = async (chosen: RaRecord) => {
    setBusy(true);
    setErrors([]);
    try {
      const [{ data: tablas }, { data: parametros }] = await Promise.all([
        dataProvider.getList('Tablas', {
          pagination: { page: 1, perPage: 100 },
          sort: { field: 'orden', order: 'ASC' },
          filter: { plantillaId: chosen.id },
        }),
        dataProvider.getList('parametrosGlobales', {
          pagination: { page: 1, perPage: 1 },
          sort: { field: 'id', order: 'ASC' },
          filter: {},
        }),
      ]);
      const basePath = text(chosen.rutaBase) || text(parametros[0]?.rutaBaseFicheros);
      if (!tablas.length) notify('La plantilla no tiene tablas', { type: 'warning' });
      for (const tabla of tablas) {
        const resolved = resolveTable(text(tabla.nombre), 'export');
        if ('error' in resolved) {
          // kept on the page: the other tables of the template are still exported
          const message = `${TABLE_NAME_ERROR}: «${text(tabla.nombre)}»`;
          setErrors((previous) => [...previous, message]);
          continue;
        }
        if (!isAllowed(resolved.schema)) {
          setErrors((previous) => [...previous, `${NOT_ALLOWED}: «${text(tabla.nombre)}»`]);
          continue;
        }
        const done = await run(resolved.schema, { integration: { basePath, campos: text(tabla.campos) } });
        if (!done) break;
      }
    } catch (error) {
      notify(`No se pudo exportar la plantilla: ${error instanceof Error ? error.message : String(error)}`, {
        type: 'error',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Exportar una plantilla de integración
        </Typography>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          Un fichero por tabla de la plantilla, con sus campos, sin la columna Familias y con las rutas de
          ficheros precedidas de la ruta base.
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2 }} alignItems="center">
          <TextField
            select
            label="Plantilla"
            value={plantillaId}
            onChange={(event) => setPlantillaId(event.target.value)}
            sx={{ minWidth: 320 }}
            disabled={isPending}
            helperText={
              plantilla ? `Ruta base: ${text(plantilla.rutaBase) || 'la de los parámetros globales'}` : ' '
            }
          >
            {plantillas.map((candidate) => (
              <MenuItem key={String(candidate.id)} value={String(candidate.id)}>
                {text(candidate.nombre)}
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="contained"
            startIcon={<DownloadIcon />}
            disabled={!plantilla || busy || job !== null}
            onClick={() => plantilla && void exportTemplate(plantilla)}
          >
            Exportar plantilla
          </Button>
        </Stack>
        {errors.map((message) => (
          <Alert key={message} severity="error" sx={{ mt: 1 }}>
            {message}
          </Alert>
        ))}
        {!isPending && !plantillas.length && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Aún no hay plantillas de integración en esta empresa.
          </Typography>
        )}
        <ExportProgressDialog job={job} onCancel={cancel} />
      </CardContent>
    </Card>
  );
};

const ExportPage = () => (
  <Stack spacing={2} sx={{ mt: 2 }}>
    <Title title="Exportar CSV" />
    <TableExport />
    <TemplateExport />
  </Stack>
);

export default ExportPage;
