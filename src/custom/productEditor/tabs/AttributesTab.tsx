/**
 * Attributes, grouped by attribute group and ordered by ordenEnGrupo (docs/requirements.md#r2-screens). Only non-empty values are
 * saved (docs/requirements.md#r5-validation): emptying a stored value keeps the stored one, and the field says so.
 * Each input follows its attribute's type (src/core/attributeValues.ts): a switch for sí/no (S/N), a select of the
 * list's values, a date input (aaaa-mm-dd), a number with its unit (typed and shown in the interface language,
 * stored the Spanish way: DecimalInput storedAs="text"), or text.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import { BooleanInput, DateInput, SelectInput, TextInput, maxLength, useLocaleState } from 'react-admin';
import { useWatch } from 'react-hook-form';
import {
  attributeChoices,
  attributeType,
  attributeValueError,
  readAttributeValue,
} from '../../../core/attributeValues';
import { DecimalInput } from '../../../resources/generic/DecimalInput';
import { toSN } from '../../../core/csv/normalize';
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

/** A stored value as the date input shows it ('' when it is not a date: the helper text shows it then). */
const dateInputValue = (attribute: CatalogueAttribute, value: unknown): string => {
  const reading = readAttributeValue(attribute, value);
  return reading.ok ? reading.value : '';
};

/** The select's choices: the attribute's values, plus a stored value outside them (shown, refused if kept). */
const listChoices = (attribute: CatalogueAttribute, current: unknown) => {
  const values = attributeChoices(attribute);
  const text = typeof current === 'string' ? current.trim() : '';
  const outside =
    text && !values.some((value) => value.toLocaleLowerCase('es') === text.toLocaleLowerCase('es'));
  return [...values, ...(outside ? [text] : [])].map((value) => ({ id: value, name: value }));
};

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
  const source = `atributos.${index}.valor`;
  const type = attribute ? attributeType(attribute) : 'texto';
  // the rule of the attribute's type (src/core/attributeValues.ts); a stored value left as it was is kept.
  const validate = [
    maxLength(1000),
    (value: unknown) =>
      attribute && value !== storedValue ? attributeValueError(attribute, value, locale) : undefined,
  ];
  const helperText = keptEmpty
    ? `Un valor vacío no se guarda: se conservará «${storedValue}»`
    : row.nuevo
      ? 'Nuevo por la categoría'
      : false;
  const common = { source, label: row.nombre, validate, fullWidth: true };
  if (attribute && type === 'sino') {
    return (
      <BooleanInput
        {...common}
        defaultValue=""
        format={(value: unknown) => typeof value === 'string' && toSN(value) === 'S'}
        parse={(checked: boolean) => (checked ? 'S' : 'N')}
        helperText={helperText || (isBlank(row.valor) ? 'Sin valor' : false)}
      />
    );
  }
  if (attribute && type === 'lista') {
    return (
      <SelectInput
        {...common}
        choices={listChoices(attribute, row.valor)}
        emptyText={attribute.valorDefecto ? `Por defecto: ${attribute.valorDefecto}` : 'Sin valor'}
        helperText={helperText}
      />
    );
  }
  if (attribute && type === 'fecha') {
    const unreadable = !isBlank(row.valor) && !dateInputValue(attribute, row.valor);
    return (
      <DateInput
        {...common}
        format={(value: unknown) => dateInputValue(attribute, value)}
        parse={(value: string) => value}
        helperText={unreadable ? `Valor guardado: «${String(row.valor)}» (no es una fecha)` : helperText}
      />
    );
  }
  const placeholder = attribute?.valorDefecto ? `Por defecto: ${attribute.valorDefecto}` : undefined;
  const InputProps = unit
    ? { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> }
    : undefined;
  if (attribute && type === 'numero') {
    // typed and shown as the interface language writes numbers (1,234.5 in English), kept the way every
    // product stores it ('1234,5'); a stored value left untouched is kept as it is.
    return (
      <DecimalInput
        source={source}
        label={row.nombre}
        validate={maxLength(1000)}
        fullWidth
        storedAs="text"
        errorOf={(text, typedIn) => attributeValueError(attribute, text, typedIn)}
        placeholder={placeholder}
        helperText={helperText}
        InputProps={InputProps}
      />
    );
  }
  return <TextInput {...common} placeholder={placeholder} helperText={helperText} InputProps={InputProps} />;
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
