/**
 * The categories screen (docs/requirements.md#r2-screens "Categories list. A two-level tree whose root code is master"): the root,
 * its top-level categories and their subcategories, with create, rename, move (change padre), delete and the
 * products of each category. Everything goes through the data provider; the API keeps the tree two levels deep
 * and the codes unique within the company.
 */
import AccountTree from '@mui/icons-material/AccountTree';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import DriveFileMove from '@mui/icons-material/DriveFileMove';
import Edit from '@mui/icons-material/Edit';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import History from '@mui/icons-material/History';
import Inventory2 from '@mui/icons-material/Inventory2';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMemo, useState, type ReactNode } from 'react';
import {
  Loading,
  Title,
  useCanAccess,
  useCreate,
  useDelete,
  useGetList,
  useNotify,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { fieldErrorsFromServer, serverErrorMessage } from '../generic/serverErrors';
import {
  CategoryProductsDialog,
  CreateCategoryDialog,
  DeleteCategoryDialog,
  MoveCategoryDialog,
  RenameCategoryDialog,
  type FieldErrors,
  type ParentOption,
  type SaveResult,
} from './CategoryDialogs';
import { buildTree, placementError, ROOT_CODE, type CategoryRow } from '../../core/categoryTree';

const RESOURCE = 'categorias';
/** A company's whole tree in one request (categories are tens to a few hundred). */
const MAX_CATEGORIES = 2000;

type Category = CategoryRow & { id: number | string };

type Dialog =
  | { kind: 'create'; padre: string }
  | { kind: 'rename' | 'move' | 'delete'; category: Category }
  | { kind: 'products'; tipo: 'categoria' | 'subcategoria'; nombre: string };

const Actions = ({ children }: { children: ReactNode }) => (
  <Box sx={{ display: 'flex', gap: 0.5, flexShrink: 0 }}>{children}</Box>
);

const Action = ({ label, onClick, children }: { label: string; onClick(): void; children: ReactNode }) => (
  <Tooltip title={label}>
    <IconButton size="small" aria-label={label} onClick={onClick}>
      {children}
    </IconButton>
  </Tooltip>
);

export const CategoryTreePage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  // the category's edit screen shows its history (its changes: who, when, old → new)
  const { canAccess: canReadHistory } = useCanAccess({ action: 'read', resource: 'historial' });
  const { data, total, isPending, error, refetch } = useGetList<Category>(RESOURCE, {
    pagination: { page: 1, perPage: MAX_CATEGORIES },
    sort: { field: 'nombre', order: 'ASC' },
  });
  const [create] = useCreate();
  const [update] = useUpdate();
  const [remove] = useDelete();
  const [dialog, setDialog] = useState<Dialog | undefined>();
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const rows = useMemo(() => data ?? [], [data]);
  const tree = useMemo(() => buildTree(rows), [rows]);
  const parents: ParentOption[] = useMemo(
    () => [{ codigo: ROOT_CODE, nombre: ROOT_CODE }, ...tree.tops.map((node) => node.category)],
    [tree],
  );

  const toast = (kind: 'created' | 'updated' | 'deleted') =>
    notify(`resources.${RESOURCE}.notifications.${kind}`, {
      type: 'info',
      messageArgs: { smart_count: 1, _: translate(`ra.notification.${kind}`, { smart_count: 1 }) },
    });

  /** The server's refusal as field errors (ER_DUP_ENTRY on codigo, 422 details), else a notification. */
  const failed = (err: unknown): FieldErrors => {
    const fields = fieldErrorsFromServer(err, ['codigo']) ?? {};
    const mapped: FieldErrors = {};
    for (const [field, message] of Object.entries(fields)) {
      if (field === 'codigo' || field === 'nombre' || field === 'padre') {
        mapped[field] =
          message === 'ra.validation.unique'
            ? 'Ya existe una categoría con este código.'
            : translate(message);
      }
    }
    if (!Object.keys(mapped).length) {
      const message = serverErrorMessage(err);
      notify(message, { type: 'error', messageArgs: { _: message } });
    }
    return mapped;
  };

  const close = () => setDialog(undefined);

  const onCreate = async (values: { codigo: string; nombre: string; padre: string }): SaveResult => {
    const errors: FieldErrors = {};
    if (!values.codigo) errors.codigo = translate('ra.validation.required');
    else if (rows.some((row) => row.codigo === values.codigo))
      errors.codigo = 'Ya existe una categoría con este código.';
    if (!values.nombre) errors.nombre = translate('ra.validation.required');
    const placement = placementError(values, rows);
    if (placement && !errors[placement.field]) errors[placement.field] = placement.message;
    if (Object.keys(errors).length) return errors;
    try {
      await create(RESOURCE, { data: values }, { returnPromise: true });
    } catch (err) {
      return failed(err);
    }
    toast('created');
    close();
    return undefined;
  };

  const save = async (category: Category, changes: Partial<CategoryRow>): SaveResult => {
    const placement = placementError({ ...category, ...changes }, rows);
    if (placement) return { [placement.field]: placement.message };
    try {
      await update(
        RESOURCE,
        { id: category.id, data: changes, previousData: category },
        { mutationMode: 'pessimistic', returnPromise: true },
      );
    } catch (err) {
      return failed(err);
    }
    toast('updated');
    close();
    return undefined;
  };

  const onDelete = async (category: Category) => {
    try {
      await remove(
        RESOURCE,
        { id: category.id, previousData: category },
        { mutationMode: 'pessimistic', returnPromise: true },
      );
      toast('deleted');
      close();
    } catch (err) {
      const message = serverErrorMessage(err);
      notify(message, { type: 'error', messageArgs: { _: message } });
    }
  };

  const toggle = (codigo: string) =>
    setCollapsed((previous) => {
      const next = new Set(previous);
      if (next.has(codigo)) next.delete(codigo);
      else next.add(codigo);
      return next;
    });

  const common = (category: Category, tipo: 'categoria' | 'subcategoria') => (
    <>
      <Action
        label={`Ver productos de ${category.nombre}`}
        onClick={() => setDialog({ kind: 'products', tipo, nombre: category.nombre })}
      >
        <Inventory2 fontSize="small" />
      </Action>
      <Action label={`Renombrar ${category.nombre}`} onClick={() => setDialog({ kind: 'rename', category })}>
        <Edit fontSize="small" />
      </Action>
      <Action label={`Mover ${category.nombre}`} onClick={() => setDialog({ kind: 'move', category })}>
        <DriveFileMove fontSize="small" />
      </Action>
      <Action label={`Eliminar ${category.nombre}`} onClick={() => setDialog({ kind: 'delete', category })}>
        <DeleteOutline fontSize="small" />
      </Action>
      {canReadHistory && (
        <Action
          label={`Historial de ${category.nombre}`}
          onClick={() => navigate(`/${RESOURCE}/${category.id}`)}
        >
          <History fontSize="small" />
        </Action>
      )}
    </>
  );

  if (isPending) return <Loading />;
  if (error) {
    return (
      <Alert severity="error" action={<Button onClick={() => refetch()}>Reintentar</Button>} sx={{ m: 2 }}>
        {translate(serverErrorMessage(error))}
      </Alert>
    );
  }

  const current = dialog && 'category' in dialog ? dialog.category : undefined;
  const hasChildren = (category?: Category) =>
    Boolean(category && rows.some((row) => row.padre === category.codigo));

  return (
    <Box sx={{ mt: 1 }}>
      <Title title={translate('resources.categorias.name', { smart_count: 2, _: 'Categorías' })} />
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {`${tree.tops.length} categorías principales, ${tree.tops.reduce((n, node) => n + node.children.length, 0)} subcategorías`}
        </Typography>
        <Button
          startIcon={<Add />}
          variant="contained"
          onClick={() => setDialog({ kind: 'create', padre: ROOT_CODE })}
        >
          Nueva categoría principal
        </Button>
      </Box>
      {(total ?? 0) > MAX_CATEGORIES && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {`Se muestran ${MAX_CATEGORIES} de ${total} categorías.`}
        </Alert>
      )}
      <Card variant="outlined">
        <List aria-label="Árbol de categorías" dense disablePadding>
          <ListItem divider>
            <ListItemIcon>
              <AccountTree color="primary" />
            </ListItemIcon>
            <ListItemText
              primary={tree.root?.nombre ?? 'Catálogo'}
              secondary={`${ROOT_CODE} · raíz del catálogo`}
            />
          </ListItem>
          {tree.tops.length === 0 && (
            <ListItem>
              <ListItemText secondary="Aún no hay categorías. Cree la primera con «Nueva categoría principal»." />
            </ListItem>
          )}
          {tree.tops.map(({ category, children }) => {
            const open = !collapsed.has(category.codigo);
            return (
              <Box
                component="li"
                key={String(category.id)}
                sx={{ listStyle: 'none' }}
                data-codigo={category.codigo}
              >
                <Box sx={{ display: 'flex', alignItems: 'center', pr: 1, pl: 2 }}>
                  <ListItemButton
                    onClick={() => toggle(category.codigo)}
                    aria-expanded={open}
                    sx={{ flexGrow: 1, borderRadius: 1 }}
                  >
                    <ListItemIcon sx={{ minWidth: 32 }}>
                      {children.length ? open ? <ExpandLess /> : <ExpandMore /> : null}
                    </ListItemIcon>
                    <ListItemText
                      primary={category.nombre}
                      secondary={`${category.codigo} · ${children.length} subcategoría${children.length === 1 ? '' : 's'}`}
                    />
                  </ListItemButton>
                  <Actions>
                    <Action
                      label={`Añadir subcategoría a ${category.nombre}`}
                      onClick={() => setDialog({ kind: 'create', padre: category.codigo })}
                    >
                      <Add fontSize="small" />
                    </Action>
                    {common(category, 'categoria')}
                  </Actions>
                </Box>
                <Collapse in={open} timeout="auto" unmountOnExit>
                  <List dense disablePadding aria-label={`Subcategorías de ${category.nombre}`}>
                    {children.map((child) => (
                      <ListItem
                        key={String(child.id)}
                        data-codigo={child.codigo}
                        sx={{ pl: 10 }}
                        secondaryAction={<Actions>{common(child, 'subcategoria')}</Actions>}
                      >
                        <ListItemText primary={child.nombre} secondary={child.codigo} />
                      </ListItem>
                    ))}
                  </List>
                </Collapse>
              </Box>
            );
          })}
        </List>
      </Card>
      {tree.orphans.length > 0 && (
        <Card variant="outlined" sx={{ mt: 2 }}>
          <Alert severity="warning">
            Categorías sin ubicar (su categoría padre no existe o no es una categoría principal): muévalas.
          </Alert>
          <List dense aria-label="Categorías sin ubicar">
            {tree.orphans.map((orphan) => (
              <ListItem
                key={String(orphan.id)}
                secondaryAction={<Actions>{common(orphan, 'subcategoria')}</Actions>}
              >
                <ListItemText
                  primary={orphan.nombre}
                  secondary={`${orphan.codigo} · padre ${orphan.padre ?? '—'}`}
                />
              </ListItem>
            ))}
          </List>
        </Card>
      )}

      <CreateCategoryDialog
        open={dialog?.kind === 'create'}
        padre={dialog?.kind === 'create' ? dialog.padre : ROOT_CODE}
        parents={parents}
        onClose={close}
        onCreate={onCreate}
      />
      <RenameCategoryDialog
        category={dialog?.kind === 'rename' ? current : undefined}
        onClose={close}
        onRename={(nombre) =>
          nombre
            ? save(current as Category, { nombre })
            : Promise.resolve({ nombre: translate('ra.validation.required') })
        }
      />
      <MoveCategoryDialog
        category={dialog?.kind === 'move' ? current : undefined}
        parents={hasChildren(current) ? parents.slice(0, 1) : parents}
        onClose={close}
        onMove={(padre) => save(current as Category, { padre })}
      />
      <DeleteCategoryDialog
        category={dialog?.kind === 'delete' ? current : undefined}
        blocked={
          hasChildren(current)
            ? 'Tiene subcategorías: muévalas o elimínelas antes de eliminar esta categoría.'
            : undefined
        }
        onClose={close}
        onDelete={() => onDelete(current as Category)}
      />
      <CategoryProductsDialog query={dialog?.kind === 'products' ? dialog : undefined} onClose={close} />
    </Box>
  );
};

export default CategoryTreePage;
