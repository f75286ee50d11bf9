/**
 * The dialogs of the category tree: create (top-level or subcategory), rename, move (change padre), delete,
 * and the products of a category (GET /productos/por-categoria/{tipo}/{nombre}). Field errors in Spanish, on
 * the field; what was typed stays on any error.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import type { ProductoEnCategoria } from '../../core/referenceData/contract';
import { useReferenceData } from '../../dataProvider/referenceData';
import { serverErrorMessage } from '../generic/serverErrors';
import { ROOT_CODE, type CategoryRow } from '../../core/categoryTree';

export type FieldErrors = Partial<Record<'codigo' | 'nombre' | 'padre', string>>;

/** What a dialog's save answers: nothing (done) or field errors to show. */
export type SaveResult = Promise<FieldErrors | undefined>;

interface FormDialogProps {
  open: boolean;
  title: string;
  submitLabel: string;
  onClose(): void;
  onSubmit(): SaveResult;
  setErrors(errors: FieldErrors): void;
  children: ReactNode;
}

const FormDialog = ({
  open,
  title,
  submitLabel,
  onClose,
  onSubmit,
  setErrors,
  children,
}: FormDialogProps) => {
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const errors = await onSubmit();
      if (errors) setErrors(errors);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
          {children}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancelar
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? <CircularProgress size={20} /> : submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};

export interface ParentOption {
  codigo: string;
  nombre: string;
}

const ParentSelect = ({
  value,
  options,
  error,
  onChange,
}: {
  value: string;
  options: ParentOption[];
  error?: string;
  onChange(value: string): void;
}) => (
  <TextField
    select
    label="Categoría padre"
    value={value}
    onChange={(event) => onChange(event.target.value)}
    error={Boolean(error)}
    helperText={error ?? 'master = categoría principal'}
    required
  >
    {options.map((option) => (
      <MenuItem key={option.codigo} value={option.codigo}>
        {option.codigo === ROOT_CODE
          ? `${ROOT_CODE} (categoría principal)`
          : `${option.nombre} (${option.codigo})`}
      </MenuItem>
    ))}
  </TextField>
);

export interface CreateDialogProps {
  open: boolean;
  padre: string;
  parents: ParentOption[];
  onClose(): void;
  onCreate(values: { codigo: string; nombre: string; padre: string }): SaveResult;
}

export const CreateCategoryDialog = ({ open, padre, parents, onClose, onCreate }: CreateDialogProps) => {
  const [values, setValues] = useState({ codigo: '', nombre: '', padre });
  const [errors, setErrors] = useState<FieldErrors>({});
  useEffect(() => {
    if (open) {
      setValues({ codigo: '', nombre: '', padre });
      setErrors({});
    }
  }, [open, padre]);
  const set = (field: keyof typeof values) => (value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  };
  const title = padre === ROOT_CODE ? 'Nueva categoría principal' : 'Nueva subcategoría';
  return (
    <FormDialog
      open={open}
      title={title}
      submitLabel="Crear"
      onClose={onClose}
      onSubmit={() => onCreate({ ...values, codigo: values.codigo.trim(), nombre: values.nombre.trim() })}
      setErrors={setErrors}
    >
      <TextField
        autoFocus
        label="Código"
        name="codigo"
        value={values.codigo}
        onChange={(event) => set('codigo')(event.target.value)}
        error={Boolean(errors.codigo)}
        helperText={errors.codigo}
        required
        slotProps={{ htmlInput: { maxLength: 50 } }}
      />
      <TextField
        label="Nombre"
        name="nombre"
        value={values.nombre}
        onChange={(event) => set('nombre')(event.target.value)}
        error={Boolean(errors.nombre)}
        helperText={errors.nombre}
        required
        slotProps={{ htmlInput: { maxLength: 255 } }}
      />
      <ParentSelect value={values.padre} options={parents} error={errors.padre} onChange={set('padre')} />
    </FormDialog>
  );
};

export interface RenameDialogProps {
  category?: CategoryRow;
  onClose(): void;
  onRename(nombre: string): SaveResult;
}

export const RenameCategoryDialog = ({ category, onClose, onRename }: RenameDialogProps) => {
  const [nombre, setNombre] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  useEffect(() => {
    setNombre(category?.nombre ?? '');
    setErrors({});
  }, [category]);
  return (
    <FormDialog
      open={Boolean(category)}
      title={`Renombrar «${category?.nombre ?? ''}»`}
      submitLabel="Guardar"
      onClose={onClose}
      onSubmit={() => onRename(nombre.trim())}
      setErrors={setErrors}
    >
      <TextField
        autoFocus
        label="Nombre"
        name="nombre"
        value={nombre}
        onChange={(event) => {
          setNombre(event.target.value);
          setErrors({});
        }}
        error={Boolean(errors.nombre)}
        helperText={errors.nombre}
        required
        slotProps={{ htmlInput: { maxLength: 255 } }}
      />
    </FormDialog>
  );
};

export interface MoveDialogProps {
  category?: CategoryRow;
  parents: ParentOption[];
  onClose(): void;
  onMove(padre: string): SaveResult;
}

export const MoveCategoryDialog = ({ category, parents, onClose, onMove }: MoveDialogProps) => {
  const [padre, setPadre] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  useEffect(() => {
    setPadre(category?.padre ?? ROOT_CODE);
    setErrors({});
  }, [category]);
  return (
    <FormDialog
      open={Boolean(category)}
      title={`Mover «${category?.nombre ?? ''}»`}
      submitLabel="Mover"
      onClose={onClose}
      onSubmit={() => onMove(padre)}
      setErrors={setErrors}
    >
      <ParentSelect
        value={padre}
        options={parents.filter((option) => option.codigo !== category?.codigo)}
        error={errors.padre}
        onChange={(value) => {
          setPadre(value);
          setErrors({});
        }}
      />
    </FormDialog>
  );
};

export interface DeleteDialogProps {
  category?: CategoryRow;
  blocked?: string;
  onClose(): void;
  onDelete(): Promise<void>;
}

export const DeleteCategoryDialog = ({ category, blocked, onClose, onDelete }: DeleteDialogProps) => {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={Boolean(category)} onClose={busy ? undefined : onClose}>
      <DialogTitle>{`¿Eliminar la categoría «${category?.nombre ?? ''}»?`}</DialogTitle>
      <DialogContent>
        {blocked ? (
          <Alert severity="warning">{blocked}</Alert>
        ) : (
          <DialogContentText>
            Los productos que la tengan asignada conservarán el nombre en su lista de categorías.
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} autoFocus>
          Cancelar
        </Button>
        {!blocked && (
          <Button
            color="error"
            variant="contained"
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              try {
                await onDelete();
              } finally {
                setBusy(false);
              }
            }}
          >
            Eliminar
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
};

const PRODUCTS_SHOWN = 100;

export interface ProductsDialogProps {
  query?: { tipo: 'categoria' | 'subcategoria'; nombre: string };
  onClose(): void;
}

/** The products of a category or subcategory, from the reference API. */
export const CategoryProductsDialog = ({ query, onClose }: ProductsDialogProps) => {
  const api = useReferenceData();
  const translate = useTranslate();
  const [state, setState] = useState<{ rows?: ProductoEnCategoria[]; error?: string }>({});
  useEffect(() => {
    if (!query) return undefined;
    let active = true;
    setState({});
    api
      .productosPorCategoria(query.tipo, query.nombre)
      .then((rows) => active && setState({ rows }))
      .catch((error: unknown) => active && setState({ error: translate(serverErrorMessage(error)) }));
    return () => {
      active = false;
    };
  }, [api, query, translate]);
  const rows = state.rows ?? [];
  return (
    <Dialog open={Boolean(query)} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{`Productos de «${query?.nombre ?? ''}»`}</DialogTitle>
      <DialogContent dividers>
        {state.error && <Alert severity="error">{state.error}</Alert>}
        {!state.error && !state.rows && <CircularProgress aria-label="Cargando" />}
        {state.rows && (
          <>
            <DialogContentText>
              {rows.length === 0
                ? 'Ningún producto tiene asignada esta categoría.'
                : `${rows.length} producto${rows.length === 1 ? '' : 's'}${rows.length > PRODUCTS_SHOWN ? ` (se muestran los ${PRODUCTS_SHOWN} primeros)` : ''}.`}
            </DialogContentText>
            <List dense>
              {rows.slice(0, PRODUCTS_SHOWN).map((row) => (
                <ListItem key={row.id} disableGutters>
                  <ListItemText primary={row.nombre} secondary={row.categorias ?? undefined} />
                </ListItem>
              ))}
            </List>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          Cerrar
        </Button>
      </DialogActions>
    </Dialog>
  );
};
