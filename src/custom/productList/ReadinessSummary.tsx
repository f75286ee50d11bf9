/**
 * The landing page's readiness counts (the product list is where the app opens): per marketplace with rules,
 * how many products are ready for it and how many are not (GET /preparacion/resumen); each count applies the
 * list's «Preparado» filter. Without any rule, an empty state says so and links to the rules. Shown to users
 * who may read readiness (an admin's «manage all» covers it).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useCanAccess, useListContext, useStore } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import {
  LOW_PERCENT,
  readyFilterValue,
  type ReadinessSummary as Summary,
  type ReadyState,
} from '../../core/readiness/score';
import { getSelectedEmpresaId } from '../../dataProvider/company';
import { useAfterFirstRender } from '../../resources/generic/AfterFirstRender';
import { useProductApi } from '../productEditor/useProductApi';

export const SUMMARY_QUERY_KEY = ['preparacion', 'resumen'] as const;

export const SUMMARY_TEXT = {
  title: 'Preparación por marketplace',
  noRules:
    'Ningún marketplace tiene reglas de preparación: todavía no se exige nada a los productos para publicarlos.',
  defineRules: 'Definir reglas de preparación',
  ready: (n: number) => `${n} ${n === 1 ? 'preparado' : 'preparados'}`,
  notReady: (n: number) => `${n} sin preparar`,
  low: (n: number) => `${n} por debajo del ${LOW_PERCENT} %`,
  noProducts: 'Sin productos',
} as const;

const Marketplace = ({ entry, apply }: { entry: Summary; apply: (value: string) => void }) => {
  const notReady = Math.max(0, entry.productos - entry.listos);
  const filter = (state: ReadyState) => () => apply(readyFilterValue(entry.marketplaceId, state));
  return (
    <Box
      component="section"
      aria-label={`Preparación para ${entry.marketplace}`}
      sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
    >
      <Typography variant="subtitle2" sx={{ minWidth: 100 }}>
        {entry.marketplace}
      </Typography>
      {entry.productos === 0 ? (
        <Typography variant="body2">{SUMMARY_TEXT.noProducts}</Typography>
      ) : (
        <>
          <Button size="small" color="success" onClick={filter('listo')}>
            {SUMMARY_TEXT.ready(entry.listos)}
          </Button>
          <Typography variant="body2" data-testid="readiness-not-ready">
            {SUMMARY_TEXT.notReady(notReady)}
          </Typography>
          {entry.bajos > 0 && (
            <Button size="small" color="error" onClick={filter('bajo')}>
              {SUMMARY_TEXT.low(entry.bajos)}
            </Button>
          )}
        </>
      )}
    </Box>
  );
};

/** The height of the empty state's notice: the space kept for the counts the first time they load. */
const LOADING_HEIGHT = 48;

/**
 * Shown with the list's first rows, its counts asked for right after them (the rows' query goes first). Until
 * they arrive the panel shows the counts it showed last time for this company (kept in the app's store), so it
 * has its height from the start and the table does not move when they come; the first time, a placeholder of
 * the empty state's height.
 */
export const ReadinessSummaryPanel = () => {
  const api = useProductApi();
  const { filterValues, setFilters } = useListContext();
  const { canAccess } = useCanAccess({ action: 'read', resource: 'preparacion' });
  const afterFirstRows = useAfterFirstRender();
  const [shownLast, keepShown] = useStore<Summary[] | undefined>(
    `preparacion.resumen.${getSelectedEmpresaId()}`,
    undefined,
  );
  const query = useQuery({
    queryKey: SUMMARY_QUERY_KEY,
    queryFn: () => api.readinessSummary(),
    enabled: Boolean(canAccess) && afterFirstRows,
    staleTime: 0,
    placeholderData: shownLast,
  });
  const fresh = query.isPlaceholderData ? undefined : query.data;
  useEffect(() => {
    if (fresh) keepShown(fresh);
  }, [fresh, keepShown]);
  if (!canAccess || (query.isError && !query.data)) return null;
  const withRules = (query.data ?? []).filter((entry) => entry.reglas > 0);
  const apply = (value: string) => setFilters({ ...filterValues, preparado: value }, undefined);
  return (
    <Paper
      variant="outlined"
      sx={{ p: 1.5, mb: 1 }}
      aria-label={SUMMARY_TEXT.title}
      aria-busy={!fresh}
      role="region"
    >
      <Typography variant="subtitle1" component="h2" sx={{ mb: 0.5 }}>
        {SUMMARY_TEXT.title}
      </Typography>
      {!query.data ? (
        <Skeleton variant="rounded" height={LOADING_HEIGHT} />
      ) : withRules.length === 0 ? (
        <Alert severity="info">
          {SUMMARY_TEXT.noRules}{' '}
          <Link component={RouterLink} to="/reglas-preparacion">
            {SUMMARY_TEXT.defineRules}
          </Link>
        </Alert>
      ) : (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
          {withRules.map((entry) => (
            <Marketplace key={entry.marketplaceId} entry={entry} apply={apply} />
          ))}
        </Box>
      )}
    </Paper>
  );
};
