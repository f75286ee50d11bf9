/**
 * A configurable grid knows its columns at its first render (src/resources/generic/PimDatagridConfigurable.tsx).
 * react-admin's own grid learns them in an effect after its first render, so on a first visit its cells render
 * only after a first commit without them; ours render in the first one. The columns it stores are the ones
 * react-admin's effect stores, so that effect finds them complete.
 */
import { render, screen, waitFor } from '@testing-library/react';
import { Profiler, type ReactNode } from 'react';
import {
  AdminContext,
  DatagridConfigurable,
  ListContextProvider,
  memoryStore,
  ResourceContextProvider,
  useRecordContext,
  type Store,
} from 'react-admin';
import { describe, expect, it } from 'vitest';
import {
  availableColumnsOf,
  PimDatagridConfigurable,
} from '../../src/resources/generic/PimDatagridConfigurable';

const rows = [
  { id: 1, nombre: 'Taladro percutor', marca: 'Bosch' },
  { id: 2, nombre: 'Martillo', marca: 'Stanley' },
];

const listContext = {
  data: rows,
  total: rows.length,
  isPending: false,
  isLoading: false,
  isFetching: false,
  page: 1,
  perPage: 10,
  sort: { field: 'id', order: 'ASC' as const },
  filterValues: {},
  displayedFilters: {},
  selectedIds: [],
  resource: 'productos',
  setPage: () => undefined,
  setPerPage: () => undefined,
  setSort: () => undefined,
  setFilters: () => undefined,
  showFilter: () => undefined,
  hideFilter: () => undefined,
  onSelect: () => undefined,
  onToggleItem: () => undefined,
  onUnselectItems: () => undefined,
  onSelectAll: () => undefined,
  refetch: () => undefined,
  hasNextPage: false,
  hasPreviousPage: false,
};

const inList = (store: Store, grid: ReactNode) => (
  <AdminContext store={store}>
    <ResourceContextProvider value="productos">
      <ListContextProvider value={listContext as never}>{grid}</ListContextProvider>
    </ResourceContextProvider>
  </AdminContext>
);

/** Counts the grid's commits; each cell notes how many had happened when it first rendered. */
let commits = 0;
let cellRenders: number[] = [];
const countCommits = () => {
  commits += 1;
};
const Cell = ({ source }: { source: string; label?: string }) => {
  const record = useRecordContext<Record<string, unknown>>();
  cellRenders.push(commits);
  return <span>{String(record?.[source] ?? '')}</span>;
};

const columns = [
  <Cell key="id" source="id" />,
  <Cell key="nombre" source="nombre" label="Nombre comercial" />,
  <Cell key="marca" source="marca" />,
];

/** The commits that had happened when the first cell rendered. */
const firstCellAfter = async (grid: ReactNode): Promise<number> => {
  commits = 0;
  cellRenders = [];
  render(
    inList(
      memoryStore(),
      <Profiler id="grid" onRender={countCommits}>
        {grid}
      </Profiler>,
    ),
  );
  expect(await screen.findByText('Taladro percutor')).toBeTruthy();
  // the omitted column stays hidden
  expect(screen.queryByText('Bosch')).toBeNull();
  expect(cellRenders.length).toBeGreaterThan(0);
  return Math.min(...cellRenders);
};

describe('a configurable grid on a first visit', () => {
  it('renders its cells in its first render', async () => {
    const after = await firstCellAfter(
      <PimDatagridConfigurable bulkActionButtons={false} omit={['marca']}>
        {columns}
      </PimDatagridConfigurable>,
    );
    expect(after).toBe(0);
  });

  it("(react-admin's own grid renders them only after a commit without them: what the above fixes)", async () => {
    const after = await firstCellAfter(
      <DatagridConfigurable bulkActionButtons={false} omit={['marca']}>
        {columns}
      </DatagridConfigurable>,
    );
    expect(after).toBeGreaterThan(0);
  });

  it("stores the columns as react-admin's effect stores them", async () => {
    const theirs = memoryStore();
    render(
      inList(
        theirs,
        <DatagridConfigurable bulkActionButtons={false} omit={['marca']}>
          {columns}
        </DatagridConfigurable>,
      ),
    );
    const key = 'preferences.productos.datagrid';
    await waitFor(() => expect(theirs.getItem<unknown[]>(`${key}.availableColumns`, [])).toHaveLength(3));
    const unlabeled = (_: string, options?: { column?: number }) => `Sin título ${options?.column ?? ''}`;
    expect(availableColumnsOf(columns, unlabeled as never)).toEqual(
      theirs.getItem(`${key}.availableColumns`),
    );
    expect(theirs.getItem(`${key}.omit`)).toEqual(['marca']);
  });
});
