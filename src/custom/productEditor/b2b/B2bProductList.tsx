/**
 * Read-only B2B products (docs/requirements.md#r7-api "B2B products"): the products active in marketplaces, searched with
 * GET /B2bProductos/obtenerProductosFiltrados (filtro1: SKU/título/marca, filtro2: categoría, filtro3: marca,
 * multiempresas, cliente), one page at a time (limit/skip; the pager's total is the API's X-Total-Count); a row opens
 * its detail (GET /B2bProductos/{nombre}).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Title, useGetList } from 'react-admin';
import { getSelectedEmpresaId } from '../../../dataProvider/company';
import { useDebounced } from '../../useDebounced';
import type { B2bQuery, B2bRow } from '../../../core/productEditor/contract';
import { MediaThumb } from '../MediaThumb';
import { useProductApi } from '../useProductApi';
import { B2bProductDetail } from './B2bProductDetail';

const PAGE_SIZES = [10, 25, 50, 100];
const FIELD = { flex: '1 1 200px', maxWidth: 280, m: 0 } as const;
/** The view's three free-text filters (docs/requirements.md#r7-api obtenerProductosFiltrados filtro1–3) and their labels. */
const FILTERS = [
  ['filtro1', 'SKU, título o marca'],
  ['filtro2', 'Categoría'],
  ['filtro3', 'Marca'],
] as const;

export const B2bProductList = () => {
  const api = useProductApi();
  const [filters, setFilters] = useState({ filtro1: '', filtro2: '', filtro3: '' });
  const [multi, setMulti] = useState(false);
  const [cliente, setCliente] = useState<number>(getSelectedEmpresaId());
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(25);
  const [selected, setSelected] = useState<string>();
  const debounced = useDebounced(filters);
  const empresas = useGetList('empresas', {
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'nombre', order: 'ASC' },
  });
  const companyName = useMemo(
    () => new Map((empresas.data ?? []).map((empresa) => [Number(empresa.id), String(empresa.nombre)])),
    [empresas.data],
  );
  const query: B2bQuery = {
    ...debounced,
    multiempresas: multi ? 'S' : 'N',
    cliente: multi ? undefined : cliente,
    limit: perPage,
    skip: page * perPage,
  };
  const result = useQuery({
    queryKey: ['B2bProductos', 'filtrados', query],
    queryFn: () => api.b2bProducts(query),
    // The page on screen stays while the next one loads (the pager keeps its total).
    placeholderData: keepPreviousData,
    retry: false,
  });
  useEffect(() => setPage(0), [debounced, multi, cliente]);
  const rows: B2bRow[] = result.data?.data ?? [];
  const total = result.data?.total ?? 0;
  const set = (key: keyof typeof filters) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setFilters((current) => ({ ...current, [key]: event.target.value }));

  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Productos B2B" />
      <Card>
        <CardContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Productos activos en marketplace (solo lectura).
          </Typography>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
            {FILTERS.map(([key, label]) => (
              <TextField
                key={key}
                size="small"
                label={label}
                value={filters[key]}
                onChange={set(key)}
                sx={FIELD}
              />
            ))}
            <FormControlLabel
              control={<Switch checked={multi} onChange={(_, on) => setMulti(on)} />}
              label="Todas las empresas"
            />
            <TextField
              select
              size="small"
              label="Empresa (cliente)"
              value={companyName.has(cliente) ? cliente : ''}
              onChange={(event) => setCliente(Number(event.target.value))}
              disabled={multi}
              sx={FIELD}
            >
              {(empresas.data ?? []).map((empresa) => (
                <MenuItem key={empresa.id} value={Number(empresa.id)}>
                  {String(empresa.nombre)}
                </MenuItem>
              ))}
            </TextField>
          </Box>
          {result.isFetching && <LinearProgress aria-label="Buscando productos" sx={{ mb: 1 }} />}
          {result.isError ? (
            <Alert severity="error">
              No se pudieron obtener los productos B2B:{' '}
              {result.error instanceof Error ? result.error.message : 'error desconocido'}
            </Alert>
          ) : !result.isPending && total === 0 ? (
            <Alert severity="info">
              No hay productos activos en marketplace que coincidan con la búsqueda.
            </Alert>
          ) : (
            <>
              <Table size="small" aria-label="Productos B2B">
                <TableHead>
                  <TableRow>
                    <TableCell>Imagen</TableCell>
                    <TableCell>SKU</TableCell>
                    <TableCell>Título</TableCell>
                    <TableCell>Marca</TableCell>
                    <TableCell>Categorías</TableCell>
                    <TableCell>Categoría padre</TableCell>
                    {multi && <TableCell>Empresa</TableCell>}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((row) => (
                    <TableRow
                      key={row.id}
                      hover
                      tabIndex={0}
                      sx={{ cursor: 'pointer' }}
                      onClick={() => setSelected(row.nombre)}
                      onKeyDown={(event) => {
                        if (event.key === 'Enter') setSelected(row.nombre);
                      }}
                    >
                      <TableCell>
                        <MediaThumb path={row.imagen} alt={row.nombre} />
                      </TableCell>
                      <TableCell>{row.nombre}</TableCell>
                      <TableCell>{row.titulo}</TableCell>
                      <TableCell>{row.marca}</TableCell>
                      <TableCell>{row.categorias}</TableCell>
                      <TableCell>{row.categoriaPadre}</TableCell>
                      {multi && <TableCell>{companyName.get(row.empresaId) ?? row.empresaId}</TableCell>}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
              <TablePagination
                component="div"
                count={total}
                page={page}
                onPageChange={(_, next) => setPage(next)}
                rowsPerPage={perPage}
                rowsPerPageOptions={PAGE_SIZES}
                onRowsPerPageChange={(event) => {
                  setPerPage(Number(event.target.value));
                  setPage(0);
                }}
                labelRowsPerPage="Filas por página:"
                labelDisplayedRows={({ from, to, count }) => `${from}-${to} de ${count}`}
              />
            </>
          )}
        </CardContent>
      </Card>
      <B2bProductDetail nombre={selected} onClose={() => setSelected(undefined)} />
    </Box>
  );
};

export default B2bProductList;
