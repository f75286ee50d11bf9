/**
 * The list's «Título», «Marca» and «EAN» columns (hidden at first, offered by the column chooser): the general
 * data of the WHOLE page in one request (producto-generals where productoId inq [page ids]), never one per row,
 * and only while one of them is shown.
 */
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useCanAccess, useDataProvider, useListContext, useRecordContext } from 'react-admin';
import { useVisibleColumns } from '../../resources/generic/visibleColumns';

export const GENERAL_COLUMNS = ['titulo', 'marca', 'ean'] as const;
export type GeneralColumn = (typeof GENERAL_COLUMNS)[number];
export const GENERAL_LABELS: Record<GeneralColumn, string> = { titulo: 'Título', marca: 'Marca', ean: 'EAN' };

type General = Partial<Record<GeneralColumn, unknown>>;

const GeneralContext = createContext<Map<string, General> | undefined>(undefined);

export const GeneralDataProvider = ({ children }: { children: ReactNode }) => {
  const { data, resource } = useListContext();
  const { visibleSources } = useVisibleColumns(resource);
  const shown = GENERAL_COLUMNS.some((column) => visibleSources.has(column));
  const dataProvider = useDataProvider();
  const { canAccess } = useCanAccess({ action: 'read', resource: 'producto-generals' });
  const ids = useMemo(() => (data ?? []).map((record) => record.id), [data]);
  const query = useQuery({
    queryKey: ['producto-generals', 'list-columns', ids],
    queryFn: async () => {
      const { data: rows } = await dataProvider.getList('producto-generals', {
        filter: { productoId: ids },
        pagination: { page: 1, perPage: Math.max(1, ids.length) },
        sort: { field: 'productoId', order: 'ASC' },
      });
      return new Map(rows.map((row) => [String(row.productoId), row as General]));
    },
    enabled: shown && ids.length > 0 && Boolean(canAccess),
    staleTime: 10_000,
  });
  return <GeneralContext.Provider value={query.data}>{children}</GeneralContext.Provider>;
};

/** One general data value of the row's product. */
export const GeneralField = ({ source }: { source: GeneralColumn; label?: string; sortable?: boolean }) => {
  const record = useRecordContext();
  const general = useContext(GeneralContext);
  if (!record || !general) return null;
  const value = general.get(String(record.id))?.[source];
  return (
    <Typography component="span" variant="body2" data-testid={`general-${source}`}>
      {value == null ? '' : String(value)}
    </Typography>
  );
};
