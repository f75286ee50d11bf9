/**
 * The list's review-status column (docs/requirements.md#r4-states). The generated texts of the WHOLE page come in one request
 * (TextosGenerados where productoId inq [page ids]) made once the page is loaded — never one per row — so a
 * page costs list + count, then this one request.
 */
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import { useQuery } from '@tanstack/react-query';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useListContext, useRecordContext } from 'react-admin';
import type { ReviewStatus } from '../../core/reviewStatus';
import { useProductApi } from '../productEditor/useProductApi';
import { REVIEW_STATUS_QUERY_KEY } from '../aiTexts/reviewCache';
import { REVIEW_STATUS_COLORS, reviewStatusesOf } from './reviewStatuses';

interface StatusState {
  statuses?: Map<string, ReviewStatus>;
  isPending: boolean;
  failed: boolean;
}

const StatusContext = createContext<StatusState>({ isPending: false, failed: false });

export const ReviewStatusProvider = ({ children }: { children: ReactNode }) => {
  const { data } = useListContext();
  const api = useProductApi();
  const ids = useMemo(() => (data ?? []).map((record) => record.id), [data]);
  const query = useQuery({
    queryKey: [...REVIEW_STATUS_QUERY_KEY, ids],
    queryFn: () => api.reviewTexts(ids),
    enabled: ids.length > 0,
    staleTime: 30_000,
  });
  const value = useMemo<StatusState>(
    () => ({
      statuses: query.data && data ? reviewStatusesOf(data, query.data) : undefined,
      isPending: query.isPending && ids.length > 0,
      failed: query.isError,
    }),
    [data, ids.length, query.data, query.isError, query.isPending],
  );
  return <StatusContext.Provider value={value}>{children}</StatusContext.Provider>;
};

export const ReviewStatusField = (_props: { source?: string; label?: string; sortable?: boolean }) => {
  const record = useRecordContext();
  const { statuses, isPending, failed } = useContext(StatusContext);
  if (!record) return null;
  if (failed) {
    return (
      <Tooltip title="No se pudo obtener el estado de revisión de los textos">
        <span>—</span>
      </Tooltip>
    );
  }
  const status = statuses?.get(String(record.id));
  if (!status) return isPending ? <Skeleton width={90} /> : null;
  return (
    <Chip
      size="small"
      label={status}
      color={REVIEW_STATUS_COLORS[status]}
      variant={status === 'No incluido' ? 'outlined' : 'filled'}
      data-testid="review-status"
    />
  );
};
