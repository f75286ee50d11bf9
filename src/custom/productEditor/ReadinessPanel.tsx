/**
 * «Preparación para marketplaces» in the product editor (GET /productos/{id}/preparacion): per marketplace the
 * score and each missing item, with a link to where it is fixed (a tab of this editor, the generated texts, or
 * the rule itself when it names a field that does not exist). Read again after every save (`version`).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { Identifier } from 'ra-core';
import { Link as RouterLink } from 'react-router-dom';
import { LOW_PERCENT, READY_PERCENT, type ReadinessEntry } from '../../core/readiness/score';
import { useProductApi } from './useProductApi';

export const READINESS_QUERY_KEY = ['productos', 'preparacion'] as const;

const TEXT = {
  title: 'Preparación para marketplaces',
  loading: 'Calculando la preparación…',
  failed: 'No se pudo obtener la preparación del producto.',
  none: 'No hay marketplaces dados de alta.',
  ready: 'Preparado',
  fix: 'Corregir',
};

const colorOf = (porcentaje: number): 'success' | 'warning' | 'error' =>
  porcentaje >= READY_PERCENT ? 'success' : porcentaje >= LOW_PERCENT ? 'warning' : 'error';

const Entry = ({ entry }: { entry: ReadinessEntry }) => {
  const name = entry.marketplace ?? String(entry.marketplaceId);
  return (
    <Box
      component="section"
      aria-label={`Preparación para ${name}`}
      sx={{ minWidth: 260, flex: '1 1 260px' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="subtitle2">{name}</Typography>
        <Chip
          size="small"
          color={colorOf(entry.porcentaje)}
          label={entry.porcentaje >= READY_PERCENT ? `${TEXT.ready} · 100 %` : `${entry.porcentaje} %`}
          data-testid="readiness-score"
        />
      </Box>
      {entry.faltan.length > 0 && (
        <List dense aria-label={`Falta para ${name}`} sx={{ py: 0 }}>
          {entry.faltan.map((item) => (
            <ListItem key={`${item.tipo}-${item.campo}`} sx={{ py: 0, gap: 1 }}>
              <Typography variant="body2">{item.mensaje}</Typography>
              <Link component={RouterLink} to={item.enlace} variant="body2">
                {TEXT.fix}
              </Link>
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
};

export const ReadinessPanel = ({ productId, version }: { productId: Identifier; version?: unknown }) => {
  const api = useProductApi();
  const query = useQuery({
    queryKey: [...READINESS_QUERY_KEY, String(productId), version],
    queryFn: () => api.readiness(productId),
  });
  return (
    <Paper variant="outlined" sx={{ p: 1.5, mb: 2 }} aria-label={TEXT.title} role="region">
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        {TEXT.title}
      </Typography>
      {query.isPending && (
        <Box aria-label={TEXT.loading}>
          <LinearProgress />
        </Box>
      )}
      {query.isError && <Alert severity="error">{TEXT.failed}</Alert>}
      {query.data && !query.data.length && <Typography variant="body2">{TEXT.none}</Typography>}
      {query.data && query.data.length > 0 && (
        <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
          {query.data.map((entry) => (
            <Entry key={entry.marketplaceId} entry={entry} />
          ))}
        </Box>
      )}
    </Paper>
  );
};
