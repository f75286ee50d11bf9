/** Record-level display components used by generated list columns and show pages. */
import Typography from '@mui/material/Typography';
import { useRecordContext } from 'react-admin';
import { SNBadge } from './SNBadge';
import { formatDateOnly, formatDateTime } from './formatDate';

export interface SourceFieldProps {
  source: string;
  /** Read by Datagrid headers and show labels. */
  label?: string;
  sortable?: boolean;
}

/** An S/N flag as a badge. */
export const SNField = ({ source }: SourceFieldProps) => {
  const record = useRecordContext();
  return record ? <SNBadge value={record[source]} /> : null;
};

/** A date ('date') or date-time ('datetime') in Spanish order. */
export const DateText = ({ source, withTime = false }: SourceFieldProps & { withTime?: boolean }) => {
  const record = useRecordContext();
  if (!record) return null;
  const value = record[source];
  return (
    <Typography component="span" variant="body2">
      {withTime ? formatDateTime(value) : formatDateOnly(value)}
    </Typography>
  );
};
