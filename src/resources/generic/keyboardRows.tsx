/**
 * Lists usable from the keyboard: every row is focusable, shows its focus, and opens its record with Enter
 * exactly as a click does (same rowClick, so the row is remembered as the last opened); the bulk action
 * buttons stay out of the tab order (inert) until a row is selected.
 */
import Box from '@mui/material/Box';
import { useCallback, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import {
  BulkActionsToolbar,
  DatagridBody,
  DatagridRow,
  useListContext,
  type DatagridRowProps,
} from 'react-admin';

/** Enter on the row itself (not on its checkbox or a button inside it) is a click on the row. */
export const openOnEnter = (event: KeyboardEvent<HTMLTableRowElement>): void => {
  if (event.key !== 'Enter' || event.target !== event.currentTarget) return;
  event.preventDefault();
  event.currentTarget.click();
};

/**
 * react-admin's row checkbox carries its «Seleccionar esta fila» label on MUI's wrapping span, where ARIA does
 * not allow it, and leaves the checkbox input itself without a name: the label moves to the input.
 */
export const labelRowCheckbox = (row: HTMLElement | null): void => {
  const wrapper = row?.querySelector<HTMLElement>('.select-item[aria-label]');
  const input = wrapper?.querySelector('input');
  if (!wrapper || !input) return;
  input.setAttribute('aria-label', wrapper.getAttribute('aria-label') ?? '');
  wrapper.removeAttribute('aria-label');
};

const OpenableRow = (props: DatagridRowProps) => {
  const row = useRef<HTMLTableRowElement | null>(null);
  const ref = useCallback((node: HTMLTableRowElement | null) => {
    row.current = node;
  }, []);
  // after every render: a re-render may put the label back on the wrapper
  useLayoutEffect(() => labelRowCheckbox(row.current));
  return <DatagridRow {...props} ref={ref} tabIndex={0} onKeyDown={openOnEnter} />;
};

/** The Datagrid body whose rows open by Enter: `<Datagrid body={openableRowsBody} sx={openableRowsSx}>`. */
export const openableRowsBody = <DatagridBody row={<OpenableRow />} />;

/** A visible focus ring on the focused row. */
export const openableRowsSx = {
  '& .RaDatagrid-row:focus-visible': {
    outline: '2px solid',
    outlineColor: 'primary.main',
    outlineOffset: '-2px',
  },
} as const;

/** react-admin's bulk actions toolbar, inert (not focusable, hidden from assistive tech) while nothing is selected. */
export const QuietBulkActionsToolbar = ({ children }: { children: ReactNode }) => {
  const { selectedIds } = useListContext();
  const idle = !selectedIds?.length;
  return (
    <Box sx={{ display: 'contents' }} inert={idle} aria-hidden={idle || undefined} data-testid="bulk-actions">
      <BulkActionsToolbar>{children}</BulkActionsToolbar>
    </Box>
  );
};
