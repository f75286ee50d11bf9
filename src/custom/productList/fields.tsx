/** Display columns of the product list. */
import Typography from '@mui/material/Typography';
import { useRecordContext } from 'react-admin';
import { joinCategories, splitCategories } from '../productEditor/attributeSync';
import { formatProductDate } from '../../core/productDate';
import { MediaThumb } from '../productEditor/MediaThumb';
import { SNBadge } from '../../resources/generic/SNBadge';

export interface ColumnProps {
  source: string;
  label?: string;
  sortable?: boolean;
}

/** The product's main picture (`imagen`). */
export const ThumbnailField = ({ source }: ColumnProps) => {
  const record = useRecordContext();
  if (!record) return null;
  return <MediaThumb path={record[source] as string | undefined} alt={String(record.nombre ?? '')} />;
};

/** Categories or families, joined with '; ' (docs/requirements.md#r3-entities). */
export const JoinedListField = ({ source }: ColumnProps) => {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Typography component="span" variant="body2">
      {joinCategories(splitCategories(record[source] as string | undefined))}
    </Typography>
  );
};

/** A product date as 'YYYY-MM-DD HH:mm:ss' (docs/requirements.md#r9-constants). */
export const ProductDateField = ({ source }: ColumnProps) => {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap' }}>
      {formatProductDate(record[source])}
    </Typography>
  );
};

/** activoEnMarketplace: null means the product is not included in marketplaces (docs/requirements.md#r3-entities). */
export const MarketplaceField = ({ source }: ColumnProps) => {
  const record = useRecordContext();
  if (!record) return null;
  const value = record[source];
  if (value === null || value === undefined || value === '') {
    return (
      <Typography component="span" variant="body2" color="text.secondary">
        No incluido
      </Typography>
    );
  }
  return <SNBadge value={value} />;
};
