/**
 * Attributes, grouped by attribute group and ordered by ordenEnGrupo (docs/requirements.md#r2-screens). Only non-empty values are
 * saved (docs/requirements.md#r5-validation): emptying a stored value keeps the stored one, and the field says so.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import type { FocusEvent } from 'react';
import { TextInput, maxLength, useLocaleState } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { attributeValueError, storedAttributeValue } from '../../../core/attributeValues';
import { groupAttributeRows, type AttributeGroupRef } from '../attributeGroups';
import { normalizeName, type CatalogueAttribute, type ProductAttributeRow } from '../attributeSync';
import { Section } from '../layout';
import { isBlank } from '../savePlan';

export interface AttributesTabProps {
  catalogue: readonly CatalogueAttribute[];
  groups: readonly AttributeGroupRef[];
  /** The stored attribute rows (to say when an emptied value will be kept). */
  stored: readonly ProductAttributeRow[];
  /** The catalogue is still loading: the inputs wait for it (grouping them later would remount them). */
  loading?: boolean;
}

const AttributeInput = ({
  index,
  row,
  attribute,
  storedValue,
}: {
  index: number;
  row: ProductAttributeRow;
  attribute?: CatalogueAttribute;
  storedValue?: string | null;
}) => {
  const keptEmpty = isBlank(row.valor) && !isBlank(storedValue);
  const unit = row.unidad || attribute?.unidad;
  const [locale] = useLocaleState();
  const { setValue } = useFormContext();
  const source = `atributos.${index}.valor`;
  const numeric = attribute?.tipo === 'numero';
  return (
    <TextInput
      source={source}
      label={row.nombre}
      validate={[
        maxLength(1000),
        (value: unknown) =>
          attribute && value !== storedValue ? attributeValueError(attribute, value, locale) : undefined,
      ]}
      inputProps={numeric ? { inputMode: 'decimal' } : undefined}
      onBlur={(event: FocusEvent<HTMLInputElement>) => {
        // a number is kept the way every product stores it ('1.200' → '1200', '25.5' → '25,5').
        // (a stored value left untouched is kept as it is: it is already in the stored form.)
        if (!attribute || !numeric || event.target.value === storedValue) return;
        const stored = storedAttributeValue(attribute, event.target.value, locale);
        if (stored !== event.target.value)
          setValue(source, stored, { shouldDirty: true, shouldValidate: true });
      }}
      fullWidth
      placeholder={attribute?.valorDefecto ? `Por defecto: ${attribute.valorDefecto}` : undefined}
      helperText={
        keptEmpty
          ? `Un valor vacío no se guarda: se conservará «${storedValue}»`
          : row.nuevo
            ? 'Nuevo por la categoría'
            : false
      }
      InputProps={unit ? { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> } : undefined}
    />
  );
};

export const AttributesTab = ({ catalogue, groups, stored, loading = false }: AttributesTabProps) => {
  const rows = (useWatch({ name: 'atributos' }) as ProductAttributeRow[] | undefined) ?? [];
  if (loading) return <LinearProgress sx={{ width: '100%' }} aria-label="Cargando atributos" />;
  const storedValues = new Map(stored.map((row) => [normalizeName(row.nombre), row.valor ?? null]));
  if (!rows.length) {
    return (
      <Alert severity="info" sx={{ width: '100%' }}>
        Este producto no tiene atributos. Elige su categoría en «Datos generales»: se añadirán los atributos
        de la categoría para rellenarlos aquí.
      </Alert>
    );
  }
  const filled = rows.filter((row) => !isBlank(row.valor)).length;
  return (
    <Box sx={{ width: '100%' }}>
      <Box sx={{ display: 'flex', gap: 1, mb: 2, flexWrap: 'wrap' }}>
        <Chip size="small" label={`${rows.length} atributos`} />
        <Chip
          size="small"
          color={filled === rows.length ? 'success' : 'default'}
          label={`${filled} con valor`}
        />
      </Box>
      {groupAttributeRows(rows, catalogue, groups).map((group) => (
        <Section key={group.id ?? 'sin-grupo'} title={group.nombre}>
          {group.rows.map(({ index, row, attribute }) => (
            <AttributeInput
              key={normalizeName(row.nombre)}
              index={index}
              row={row}
              attribute={attribute}
              storedValue={storedValues.get(normalizeName(row.nombre))}
            />
          ))}
        </Section>
      ))}
    </Box>
  );
};
