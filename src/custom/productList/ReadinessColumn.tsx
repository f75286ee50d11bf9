/**
 * The list's «Preparado» column and filter (server/features/product-readiness.ts). The scores of the WHOLE page
 * come in one request (preparacion where productoId inq [page ids]); each marketplace shows as a chip, green
 * when the product is ready for it. The filter («listo para <marketplace>», «< 80 % en <marketplace>») is
 * served by the API (`where.preparado`), paged and counted like the other filters.
 */
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import {
  SelectInput,
  useCanAccess,
  useDataProvider,
  useGetList,
  useListContext,
  useRecordContext,
} from 'react-admin';
import { LOW_PERCENT, READY_PERCENT, readyFilterValue } from '../../core/readiness/score';

interface Score {
  marketplaceId: number;
  porcentaje: number;
}

const ScoresContext = createContext<Map<string, Score[]> | undefined>(undefined);
const MarketplacesContext = createContext<Map<string, string>>(new Map());

const useMarketplaces = () =>
  useGetList('MarketPlaces', {
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'codigo', order: 'ASC' },
  });

export const ReadinessProvider = ({ children }: { children: ReactNode }) => {
  const { data } = useListContext();
  const dataProvider = useDataProvider();
  const { canAccess } = useCanAccess({ action: 'read', resource: 'preparacion' });
  const marketplaces = useMarketplaces();
  const ids = useMemo(() => (data ?? []).map((record) => record.id), [data]);
  const query = useQuery({
    queryKey: ['preparacion', 'list', ids],
    queryFn: async () => {
      const { data: rows } = await dataProvider.getList('preparacion', {
        filter: { productoId: ids },
        pagination: { page: 1, perPage: Math.max(1, ids.length) * 20 },
        sort: { field: 'productoId', order: 'ASC' },
      });
      const map = new Map<string, Score[]>();
      for (const row of rows) {
        const key = String(row.productoId);
        map.set(key, [
          ...(map.get(key) ?? []),
          { marketplaceId: Number(row.marketplaceId), porcentaje: Number(row.porcentaje ?? 0) },
        ]);
      }
      return map;
    },
    enabled: ids.length > 0 && Boolean(canAccess),
    // read again whenever the list is shown: a product saved in the editor meanwhile has new scores
    staleTime: 0,
  });
  const names = useMemo(
    () => new Map((marketplaces.data ?? []).map((m) => [String(m.id), String(m.codigo ?? m.id)])),
    [marketplaces.data],
  );
  return (
    <MarketplacesContext.Provider value={names}>
      <ScoresContext.Provider value={query.data}>{children}</ScoresContext.Provider>
    </MarketplacesContext.Provider>
  );
};

export const ReadinessField = (_props: { source?: string; label?: string; sortable?: boolean }) => {
  const record = useRecordContext();
  const scores = useContext(ScoresContext);
  const names = useContext(MarketplacesContext);
  if (!record || !scores) return null;
  const own = scores.get(String(record.id)) ?? [];
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }} data-testid="readiness">
      {own.map((score) => {
        const name = names.get(String(score.marketplaceId)) ?? String(score.marketplaceId);
        const ready = score.porcentaje >= READY_PERCENT;
        return (
          <Chip
            key={score.marketplaceId}
            size="small"
            label={ready ? `${name}: Preparado` : `${name}: ${score.porcentaje} %`}
            color={ready ? 'success' : score.porcentaje < LOW_PERCENT ? 'error' : 'warning'}
            variant={ready ? 'filled' : 'outlined'}
          />
        );
      })}
    </Stack>
  );
};

/** «listo para X» / «< 80 % en X», one pair per marketplace. */
export const ReadinessFilter = (props: { source: string; label?: string; alwaysOn?: boolean }) => {
  const { data } = useMarketplaces();
  const choices = useMemo(
    () =>
      (data ?? []).flatMap((m) => [
        { id: readyFilterValue(m.id as number, 'listo'), name: `listo para ${String(m.codigo)}` },
        { id: readyFilterValue(m.id as number, 'bajo'), name: `< ${LOW_PERCENT} % en ${String(m.codigo)}` },
      ]),
    [data],
  );
  return <SelectInput {...props} choices={choices} />;
};
