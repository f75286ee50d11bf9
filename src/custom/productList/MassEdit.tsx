/**
 * «Edición masiva» of the product list (issue 16, src/core/massEdit.ts): one change — a field, a flag, the
 * categories or families, or an attribute's value (typed and checked by the attribute's type, numbers in the
 * interface language) — for the selected products or for every product matching the list's filter. The
 * API runs it as a job (trabajos-edicion-masiva): this dialog starts it, follows its progress, can cancel it
 * and shows its report (changed, unchanged, refused with the reason). When the job cannot be read (the API
 * is down) it says so, shows the last progress it read as such, and never presents the edit as done.
 */
import EditNoteIcon from '@mui/icons-material/EditNote';
import {
  Alert,
  Box,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  InputAdornment,
  LinearProgress,
  List as MuiList,
  ListItem,
  MenuItem,
  Button as MuiButton,
  Radio,
  RadioGroup,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  Button,
  useDataProvider,
  useGetList,
  useListContext,
  useLocaleState,
  useRefresh,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import { attributeChoices, attributeType } from '../../core/attributeValues';
import {
  ATTRIBUTE_FIELD,
  ATTRIBUTE_FIELD_LABEL,
  MASS_EDIT_OPERATIONS,
  OPERATION_LABELS,
  isFinished,
  massEditAttributeValue,
  massEditReport,
  massEditValueError,
  massEditableFields,
  type JobRow,
  type MassEditOperation,
} from '../../core/massEdit';
import { filterToWhere } from '../../dataProvider/where';
import { productos } from '../../resources/productos/schema';
import { declared } from '../../resources/registry';
import { trabajosEdicionMasiva } from '../../resources/trabajosEdicionMasiva/schema';
import { countOf } from '../../core/formats';

const JOBS = trabajosEdicionMasiva.name;
/** How often a running job is read. */
export const POLL_MS = 500;

const productos_ = (n: number) => countOf(n, ['producto', 'productos']);

const errorText = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : 'Error de conexión.';

/** The progress and report of a job. */
const JobProgress = ({ id, onDone }: { id: Identifier; onDone: () => void }) => {
  const dataProvider = useDataProvider();
  const [cancelError, setCancelError] = useState<string>();
  const [cancelling, setCancelling] = useState(false);
  const query = useQuery({
    queryKey: [JOBS, 'progress', id],
    queryFn: async () => (await dataProvider.getOne<RaRecord>(JOBS, { id })).data,
    // stops on an error: the person retries (the job may still run on the server)
    refetchInterval: (q) =>
      q.state.status === 'error' || isFinished(q.state.data?.estado) ? false : POLL_MS,
    retry: false,
  });
  const job = query.data;
  if (query.isError && !isFinished(job?.estado)) {
    const known = job ? massEditReport(job as JobRow) : undefined;
    return (
      <Box role="region" aria-label="Progreso de la edición masiva">
        <Alert
          severity="error"
          action={
            <MuiButton color="inherit" size="small" onClick={() => void query.refetch()}>
              Reintentar
            </MuiButton>
          }
        >
          No se puede consultar la edición masiva ({errorText(query.error)}). Puede seguir en curso en el
          servidor: no se muestra como terminada hasta poder comprobarlo.
        </Alert>
        <Typography sx={{ mt: 1 }}>
          {known
            ? `Último progreso leído: ${known.done} de ${productos_(known.total)} tratados · ` +
              `${known.updated} cambiados · ${known.unchanged} sin cambios · ${known.rejected} rechazados.`
            : 'Todavía no se ha podido leer ningún progreso del trabajo.'}
        </Typography>
        <DialogActions>
          <MuiButton onClick={onDone}>Cerrar</MuiButton>
        </DialogActions>
      </Box>
    );
  }
  if (!job) return <LinearProgress aria-label="Edición masiva en curso" />;
  const report = massEditReport(job as JobRow);
  const finished = isFinished(job.estado);
  const cancel = async () => {
    setCancelling(true);
    try {
      await dataProvider.update(JOBS, { id, data: { cancelarSN: 'S' }, previousData: job });
      setCancelError(undefined);
    } catch (error) {
      setCancelError(`No se pudo cancelar: ${errorText(error)}`);
      setCancelling(false);
    }
  };
  const counts = `${report.updated} cambiados · ${report.unchanged} sin cambios · ${report.rejected} rechazados`;
  return (
    <Box role="region" aria-label="Progreso de la edición masiva">
      {!finished && (
        <>
          <LinearProgress
            variant={report.total ? 'determinate' : 'indeterminate'}
            value={report.total ? (report.done * 100) / report.total : 0}
            aria-label="Edición masiva en curso"
          />
          <Typography sx={{ mt: 1 }}>
            {report.done} de {productos_(report.total)} · {counts}
          </Typography>
          <MuiButton
            onClick={() => void cancel()}
            disabled={cancelling || job.cancelarSN === 'S'}
            sx={{ mt: 1 }}
          >
            {cancelling || job.cancelarSN === 'S' ? 'Cancelando…' : 'Cancelar'}
          </MuiButton>
          {cancelError && <Alert severity="error">{cancelError}</Alert>}
        </>
      )}
      {finished && (
        <>
          <Alert severity={job.estado === 'terminado' && !report.rejected ? 'success' : 'warning'}>
            {job.estado === 'terminado'
              ? `Edición masiva terminada: ${counts}.`
              : job.estado === 'cancelado'
                ? `Edición masiva cancelada tras ${report.done} de ${productos_(report.total)}: ${counts}. ` +
                  `${productos_(report.notProcessed)} sin tratar.`
                : `La edición masiva se detuvo por un error tras ${report.done} de ${productos_(report.total)}: ${counts}.`}
          </Alert>
          {report.notes.map((note) => (
            <Typography key={note} variant="body2" sx={{ mt: 1 }}>
              {note}
            </Typography>
          ))}
          {report.rejectedRows.length > 0 && (
            <MuiList dense aria-label="Productos rechazados" sx={{ maxHeight: 240, overflow: 'auto' }}>
              {report.rejectedRows.slice(0, 200).map((row) => (
                <ListItem key={row.line}>
                  {row.problems[0].column}: {row.problems[0].reason}
                </ListItem>
              ))}
            </MuiList>
          )}
          <DialogActions>
            <MuiButton onClick={onDone}>Cerrar</MuiButton>
          </DialogActions>
        </>
      )}
    </Box>
  );
};

export interface MassEditButtonProps {
  /** In the bulk actions: the selection is offered first. */
  bulk?: boolean;
}

export const MassEditButton = ({ bulk = false }: MassEditButtonProps) => {
  const { selectedIds, filterValues, total, onUnselectItems } = useListContext();
  const dataProvider = useDataProvider();
  const refresh = useRefresh();
  const fields = massEditableFields(declared(productos).fields);
  const [open, setOpen] = useState(false);
  const [scope, setScope] = useState<'seleccion' | 'filtro'>(bulk ? 'seleccion' : 'filtro');
  const [campo, setCampo] = useState(fields[0]?.name ?? '');
  const [operacion, setOperacion] = useState<MassEditOperation>('reemplazar');
  const [valor, setValor] = useState('');
  const [problem, setProblem] = useState<string>();
  const [jobId, setJobId] = useState<Identifier>();
  const [starting, setStarting] = useState(false);
  const [locale] = useLocaleState();
  const [atributoId, setAtributoId] = useState<Identifier | ''>('');
  const byAttribute = campo === ATTRIBUTE_FIELD;
  const { data: attributes = [] } = useGetList(
    'atributos',
    { pagination: { page: 1, perPage: 1000 }, sort: { field: 'nombre', order: 'ASC' } },
    { enabled: open && byAttribute },
  );
  const attribute = attributes.find((a) => a.id === atributoId);
  const field = fields.find((f) => f.name === campo);
  const count = scope === 'seleccion' ? selectedIds.length : (total ?? 0);

  const close = () => {
    setOpen(false);
    if (jobId !== undefined) {
      setJobId(undefined);
      onUnselectItems();
      refresh();
    }
  };

  const start = async () => {
    const op = field?.list ? operacion : 'reemplazar';
    // an attribute's value: read in the interface language, sent as stored ('1.234,5' → '1234,5')
    const reading = byAttribute ? massEditAttributeValue(attribute, valor, locale) : undefined;
    const error = reading ? (reading.ok ? undefined : reading.error) : massEditValueError(field, valor, op);
    setProblem(error);
    if (error) return;
    setStarting(true);
    try {
      const data: Record<string, unknown> = reading?.ok
        ? { campo, atributoId, valor: reading.value, operacion: 'reemplazar' }
        : { campo, valor, operacion: op };
      if (scope === 'seleccion') data.ids = JSON.stringify(selectedIds);
      else data.filtro = JSON.stringify(filterToWhere(productos, filterValues));
      const { data: job } = await dataProvider.create(JOBS, { data });
      setJobId(job.id);
    } catch (err) {
      setProblem(`No se pudo empezar la edición masiva: ${errorText(err)}`);
    } finally {
      setStarting(false);
    }
  };

  // a flag or an attribute of yes/no or of a list: a select of its values
  const choices: { id: string; name: string }[] | undefined = byAttribute
    ? attribute && attributeType(attribute) === 'sino'
      ? [
          { id: 'S', name: 'Sí' },
          { id: 'N', name: 'No' },
        ]
      : attribute && attributeType(attribute) === 'lista'
        ? attributeChoices(attribute).map((choice) => ({ id: choice, name: choice }))
        : undefined
    : field?.type === 'sn'
      ? []
      : undefined;

  return (
    <>
      <Button label="Edición masiva" onClick={() => setOpen(true)}>
        <EditNoteIcon />
      </Button>
      <Dialog
        open={open}
        onClose={jobId === undefined ? close : undefined}
        fullWidth
        maxWidth="sm"
        aria-labelledby="edicion-masiva-titulo"
      >
        <DialogTitle id="edicion-masiva-titulo">Edición masiva de productos</DialogTitle>
        <DialogContent>
          {jobId !== undefined ? (
            <JobProgress id={jobId} onDone={close} />
          ) : (
            <Box
              component="form"
              onSubmit={(event) => {
                event.preventDefault();
                void start();
              }}
              sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}
            >
              <RadioGroup
                aria-label="Productos"
                value={scope}
                onChange={(event) => setScope(event.target.value as 'seleccion' | 'filtro')}
              >
                {bulk && (
                  <FormControlLabel
                    value="seleccion"
                    control={<Radio />}
                    label={`Los seleccionados (${productos_(selectedIds.length)})`}
                  />
                )}
                <FormControlLabel
                  value="filtro"
                  control={<Radio />}
                  label={`Todos los que coinciden con el filtro (${productos_(total ?? 0)})`}
                />
              </RadioGroup>
              <TextField
                select
                label="Campo"
                value={campo}
                onChange={(event) => {
                  setCampo(event.target.value);
                  setAtributoId('');
                  setValor('');
                  setOperacion('reemplazar');
                  setProblem(undefined);
                }}
                size="small"
              >
                {fields.map((f) => (
                  <MenuItem key={f.name} value={f.name}>
                    {f.label}
                  </MenuItem>
                ))}
                <MenuItem value={ATTRIBUTE_FIELD}>{ATTRIBUTE_FIELD_LABEL}</MenuItem>
              </TextField>
              {byAttribute && (
                <TextField
                  select
                  label="Atributo"
                  value={atributoId}
                  onChange={(event) => {
                    setAtributoId(event.target.value as Identifier);
                    setValor('');
                    setProblem(undefined);
                  }}
                  size="small"
                >
                  {attributes.map((a) => (
                    <MenuItem key={a.id} value={a.id}>
                      {String(a.nombre ?? a.id)}
                      {a.unidad ? ` (${String(a.unidad)})` : ''}
                    </MenuItem>
                  ))}
                </TextField>
              )}
              {field?.list && (
                <TextField
                  select
                  label="Operación"
                  value={operacion}
                  onChange={(event) => setOperacion(event.target.value as MassEditOperation)}
                  size="small"
                >
                  {MASS_EDIT_OPERATIONS.map((op) => (
                    <MenuItem key={op} value={op}>
                      {OPERATION_LABELS[op]}
                    </MenuItem>
                  ))}
                </TextField>
              )}
              <TextField
                select={choices !== undefined}
                label="Valor"
                value={valor}
                onChange={(event) => setValor(event.target.value)}
                error={problem !== undefined}
                helperText={problem}
                size="small"
                inputProps={
                  byAttribute && attribute && attributeType(attribute) === 'numero'
                    ? { inputMode: 'decimal' }
                    : undefined
                }
                InputProps={
                  byAttribute && attribute?.unidad
                    ? {
                        endAdornment: (
                          <InputAdornment position="end">{String(attribute.unidad)}</InputAdornment>
                        ),
                      }
                    : undefined
                }
              >
                {byAttribute &&
                  choices?.map((choice) => (
                    <MenuItem key={choice.id} value={choice.id}>
                      {choice.name}
                    </MenuItem>
                  ))}
                {!byAttribute &&
                  field?.type === 'sn' && [
                    <MenuItem key="S" value="S">
                      S
                    </MenuItem>,
                    <MenuItem key="N" value="N">
                      N
                    </MenuItem>,
                    field.default === null && (
                      <MenuItem key="" value="">
                        (vacío)
                      </MenuItem>
                    ),
                  ]}
              </TextField>
              <DialogActions sx={{ px: 0 }}>
                <MuiButton onClick={close}>Cancelar</MuiButton>
                <MuiButton
                  type="submit"
                  variant="contained"
                  disabled={starting || count === 0 || (byAttribute && atributoId === '')}
                >
                  Aplicar a {productos_(count)}
                </MuiButton>
              </DialogActions>
            </Box>
          )}
        </DialogContent>
      </Dialog>
    </>
  );
};
