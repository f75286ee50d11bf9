/**
 * Categories and families of a product: stored as one text joined with '; ' (docs/requirements.md#r3-entities), edited as chips
 * picked from the company's categorias/familias, as the «Marca» picker (NamePickerInput): typing filters them,
 * the first match is highlighted and Enter (or leaving the field after typing) adds the highlighted one; a typed name that
 * no record has never reaches the field (the schema's `mustExist`, src/core/references.ts: a value that names
 * one anyway is an error on the field), except names the stored product already held, which stay as chips.
 */
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { InputHelperText, useGetList, useInput, useRecordContext, type Validator } from 'react-admin';
import { nameKey } from '../../core/nameList';
import { missingNames, missingReferenceMessage, nameKeys } from '../../core/references';
import { schemaFor } from '../../resources/registry';
import { useTypedPick } from '../../resources/generic/useTypedPick';
import { joinCategories, splitCategories } from './attributeSync';
import { compareSpanish } from '../../core/spanishOrder';

export interface JoinedListInputProps {
  source: string;
  label: string;
  /** The resource suggesting values ('categorias', 'familias'). */
  reference: string;
  /** Values to leave out of the suggestions (the category root 'master'). */
  excludeCodes?: readonly string[];
  helperText?: string;
  validate?: Validator | Validator[];
  /** When the value is an '; '-joined list longer than this, the field is in error (schema maxLength). */
  maxLength?: number;
}

interface Option {
  nombre: string;
  grupo?: string;
}

export const JoinedListInput = ({
  source,
  label,
  reference,
  excludeCodes = [],
  helperText,
  validate,
  maxLength,
}: JoinedListInputProps) => {
  const tooLong = (value: unknown) =>
    maxLength && typeof value === 'string' && value.length > maxLength
      ? `Como máximo ${maxLength} caracteres en total`
      : undefined;
  const record = useRecordContext();
  const { data, isPending } = useGetList(reference, {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'nombre', order: 'ASC' },
  });
  const known = useMemo(() => nameKeys((data ?? []).map((row) => row.nombre)), [data]);
  const targetPlural = (schemaFor(reference)?.labelPlural ?? reference).toLocaleLowerCase('es');
  const existing: Validator = (value: unknown) => {
    if (isPending) return undefined;
    const missing = missingNames({ one: false }, value, known, record?.[source]);
    return missing.length ? missingReferenceMessage({ targetPlural }, missing) : undefined;
  };
  const validators = [
    ...(Array.isArray(validate) ? validate : validate ? [validate] : []),
    tooLong,
    existing,
  ];
  const { field, fieldState, id } = useInput({ source, validate: validators });
  const options = useMemo<Option[]>(() => {
    const rows = (data ?? []).filter((row) => !excludeCodes.includes(String(row.codigo ?? '')));
    const nameOfCode = new Map(rows.map((row) => [String(row.codigo ?? ''), String(row.nombre ?? '')]));
    const seen = new Set<string>();
    return rows
      .map((row) => ({
        nombre: String(row.nombre ?? ''),
        grupo: row.padre ? nameOfCode.get(String(row.padre)) : undefined,
      }))
      .filter((option) => option.nombre && !seen.has(option.nombre) && Boolean(seen.add(option.nombre)))
      .sort((a, b) => compareSpanish(a.grupo ?? '', b.grupo ?? '') || compareSpanish(a.nombre, b.nombre));
  }, [data, excludeCodes]);
  const groupOf = useMemo(() => new Map(options.map((o) => [o.nombre, o.grupo ?? ''])), [options]);
  // the same array while the value stays (a new one would make the picker drop what is being typed)
  const values = useMemo(() => splitCategories(field.value as string | undefined), [field.value]);
  // the names of the record's value are options too (a stored name no record has any longer stays a chip)
  const names = useMemo(() => {
    const all = options.map((option) => option.nombre);
    const have = nameKeys(all);
    return [...all, ...values.filter((value) => !have.has(nameKey(value)))];
  }, [options, values]);
  const error = fieldState.error?.message;
  // leaving the box adds the highlighted name only for a typed fragment (never after a chip is removed)
  const pick = useTypedPick();
  return (
    <Autocomplete<string, true, false, false>
      multiple
      autoSelect
      autoHighlight
      handleHomeEndKeys
      id={id}
      options={names}
      filterOptions={(all, state) => {
        const typed = nameKey(state.inputValue);
        return all.filter((option) => !typed || nameKey(option).includes(typed));
      }}
      isOptionEqualToValue={(option, current) => nameKey(option) === nameKey(current)}
      groupBy={(option) => groupOf.get(option) ?? ''}
      loading={isPending}
      loadingText="Cargando…"
      noOptionsText={`Ninguna coincidencia entre ${targetPlural}`}
      value={values}
      onChange={(_, next, reason) => {
        if (pick.accepts(reason)) field.onChange(joinCategories(next));
      }}
      onInputChange={pick.onInputChange}
      onBlur={field.onBlur}
      renderValue={(selected, getItemProps) =>
        selected.map((option, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} label={option} size="small" {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          name={source}
          label={label}
          error={Boolean(error)}
          helperText={
            <InputHelperText
              error={error}
              helperText={helperText ?? 'Escribe para buscar; Intro añade el resaltado'}
            />
          }
          size="small"
        />
      )}
      sx={{ minWidth: 320, flex: 1 }}
    />
  );
};
