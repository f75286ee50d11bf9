/** Record-level display components used by generated list columns and show pages. */
import Typography from '@mui/material/Typography';
import { useLocaleState, useRecordContext } from 'react-admin';
import { formatDecimal } from '../../core/numbers';
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

/** A date ('date') or date-time ('datetime') in the interface language's form (dd/mm/aaaa in Spanish). */
export const DateText = ({ source, withTime = false }: SourceFieldProps & { withTime?: boolean }) => {
  const record = useRecordContext();
  const [locale] = useLocaleState();
  if (!record) return null;
  const value = record[source];
  return (
    <Typography component="span" variant="body2">
      {withTime ? formatDateTime(value, locale) : formatDateOnly(value, locale)}
    </Typography>
  );
};

/** A decimal as the interface language writes it (12,50 in Spanish, 12.50 in English). */
export const DecimalText = ({ source, decimals }: SourceFieldProps & { decimals?: number }) => {
  const record = useRecordContext();
  const [locale] = useLocaleState();
  if (!record) return null;
  const value = record[source];
  return (
    <Typography component="span" variant="body2">
      {typeof value === 'number' ? formatDecimal(value, locale, { minDecimals: decimals }) : ''}
    </Typography>
  );
};
