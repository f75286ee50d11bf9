/** The detail of a B2B product (GET /B2bProductos/{nombre}): texts as text, public media, attributes, icons. */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { MediaThumb } from '../MediaThumb';
import { useProductApi } from '../useProductApi';

export const B2bProductDetail = ({ nombre, onClose }: { nombre?: string; onClose(): void }) => {
  const api = useProductApi();
  const query = useQuery({
    queryKey: ['B2bProductos', 'detalle', nombre],
    queryFn: () => api.b2bProduct(nombre as string),
    enabled: nombre !== undefined,
    retry: false,
  });
  const detail = query.data;
  return (
    <Dialog
      open={nombre !== undefined}
      onClose={onClose}
      maxWidth="md"
      fullWidth
      aria-labelledby="b2b-detail-title"
    >
      <DialogTitle id="b2b-detail-title">
        {detail?.titulo ? `${nombre} · ${detail.titulo}` : nombre}
      </DialogTitle>
      <DialogContent dividers>
        {query.isPending && nombre !== undefined && <CircularProgress aria-label="Cargando" />}
        {query.isError && (
          <Alert severity="error">
            No se pudo cargar el producto:{' '}
            {query.error instanceof Error ? query.error.message : 'error desconocido'}
          </Alert>
        )}
        {detail && (
          <Box sx={{ display: 'grid', gap: 2 }}>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              {detail.multimedia
                .filter((media) => media.tipo === 'Imagen')
                .map((media) => (
                  <MediaThumb
                    key={`${media.nombre}-${media.fichero}`}
                    path={media.fichero}
                    alt={media.nombre}
                    width={160}
                    height={120}
                  />
                ))}
            </Box>
            <Typography variant="body2">
              <strong>Marca:</strong> {detail.marca ?? '—'} · <strong>EAN:</strong> {detail.ean ?? '—'} ·{' '}
              <strong>Categorías:</strong> {detail.categorias ?? '—'}
            </Typography>
            {detail.descripcion && <Typography variant="body2">{detail.descripcion}</Typography>}
            {detail.descripcionLarga && (
              <Typography variant="body2" color="text.secondary">
                {detail.descripcionLarga}
              </Typography>
            )}
            {detail.iconos.length > 0 && (
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                {detail.iconos.map((icon) => (
                  <Chip
                    key={icon.idIcono}
                    label={`${icon.nombre ?? icon.idIcono}${icon.texto ? `: ${icon.texto}` : ''}`}
                  />
                ))}
              </Box>
            )}
            {detail.atributos.length > 0 && (
              <Table size="small" aria-label="Atributos">
                <TableBody>
                  {detail.atributos.map((attribute) => (
                    <TableRow key={attribute.nombre}>
                      <TableCell sx={{ fontWeight: 600 }}>{attribute.nombre}</TableCell>
                      <TableCell>
                        {attribute.valor}
                        {attribute.unidad ? ` ${attribute.unidad}` : ''}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cerrar</Button>
      </DialogActions>
    </Dialog>
  );
};
