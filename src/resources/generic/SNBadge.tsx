/** The S/N badge (docs/requirements.md#r4-states badge helper): 'S' is positive (green), any other value negative (red). */
import Chip from '@mui/material/Chip';

export type BadgeVariant = 'positive' | 'negative';

export const snBadgeVariant = (value: unknown): BadgeVariant => (value === 'S' ? 'positive' : 'negative');

export interface SNBadgeProps {
  value: unknown;
}

export const SNBadge = ({ value }: SNBadgeProps) => {
  const positive = snBadgeVariant(value) === 'positive';
  return (
    <Chip
      size="small"
      label={positive ? 'S' : 'N'}
      color={positive ? 'success' : 'error'}
      variant={positive ? 'filled' : 'outlined'}
      data-testid="sn-badge"
      data-variant={positive ? 'positive' : 'negative'}
      sx={{ minWidth: 32, fontWeight: 600 }}
    />
  );
};
