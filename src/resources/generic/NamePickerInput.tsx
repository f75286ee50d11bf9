/**
 * The input of a single name of another resource's record that must exist (schema `namesOf` with `one` and
 * `mustExist`, e.g. a product's «Marca»): a picker of the company's records. Typing filters them; the
 * highlighted option is what Enter (or leaving the field after typing) commits; a typed name that no record has is never
 * kept as typed. Whoever may create records of the target gets an explicit «Crear «…»» option that creates
 * the record and picks it (Enter or a click on it; leaving the field never creates). A stored name that no longer exists stays until changed (src/core/references.ts).
 */
import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import { useMemo } from 'react';
import {
  useCanAccess,
  useCreate,
  useGetList,
  useInput,
  useNotify,
  useRecordContext,
  type Validator,
} from 'react-admin';
import { nameKey } from '../../core/nameList';
import { valueAtPath } from '../../core/valueAtPath';
import { missingNames, missingReferenceMessage, nameKeys } from '../../core/references';
import { schemaFor } from '../registry';
import { renderAutocompleteField } from './autocompleteField';
import { useTypedPick } from './useTypedPick';

/** Names read from the target (a company's brands are a few hundred at most). */
const NAMES_READ = 1000;

/** An option: an existing name, or the offer to create one. */
export interface NameOption {
  name: string;
  create?: boolean;
}

const filter = createFilterOptions<NameOption>({ stringify: (option) => nameKey(option.name) });

export interface NamePickerInputProps {
  source: string;
  reference: string;
  /** The target's name field (default 'nombre'). */
  field?: string;
  validate?: Validator[];
  label?: string;
  helperText?: string | false;
  fullWidth?: boolean;
}

export const NamePickerInput = ({
  source,
  reference,
  field = 'nombre',
  validate = [],
  label,
  helperText,
  fullWidth,
}: NamePickerInputProps) => {
  const record = useRecordContext();
  const notify = useNotify();
  const target = schemaFor(reference);
  const targetPlural = (target?.labelPlural ?? reference).toLocaleLowerCase('es');
  const { data, isPending } = useGetList(reference, {
    pagination: { page: 1, perPage: NAMES_READ },
    sort: { field, order: 'ASC' },
  });
  const names = useMemo(
    () => [
      ...new Map(
        (data ?? [])
          .map((row) => row[field])
          .filter((name): name is string => typeof name === 'string' && name.trim() !== '')
          .map((name) => [nameKey(name), name]),
      ).values(),
    ],
    [data, field],
  );
  const stored = valueAtPath(record, source);
  const known = useMemo(() => nameKeys(names), [names]);
  const mustExist: Validator = (value: unknown) => {
    if (isPending) return undefined;
    const missing = missingNames({ one: true }, value, known, stored);
    return missing.length ? missingReferenceMessage({ targetPlural }, missing) : undefined;
  };
  const control = useInput({ source, validate: [...validate, mustExist] });
  const { field: input, fieldState } = control;
  const { canAccess: mayCreate } = useCanAccess({ resource: reference, action: 'create' });
  const [create, { isPending: creating }] = useCreate();
  const value = typeof input.value === 'string' && input.value !== '' ? { name: input.value } : null;
  const options = useMemo(() => names.map((name) => ({ name })), [names]);
  const invalid = Boolean(fieldState.error);
  // leaving the field takes the highlighted name only for a typed fragment (never after the box was erased)
  const pick = useTypedPick();

  const createName = (name: string) => {
    create(
      reference,
      { data: { [field]: name } },
      {
        onSuccess: () => input.onChange(name),
        onError: (failure) =>
          notify(`No se pudo crear «${name}»: ${failure instanceof Error ? failure.message : ''}`, {
            type: 'error',
          }),
      },
    );
  };

  return (
    <Autocomplete<NameOption, false, false, false>
      options={options}
      value={value}
      autoHighlight
      autoSelect
      selectOnFocus
      handleHomeEndKeys
      disabled={creating}
      loading={isPending}
      loadingText="Cargando…"
      noOptionsText={`Ninguna coincidencia entre ${targetPlural}`}
      isOptionEqualToValue={(option, current) => nameKey(option.name) === nameKey(current.name)}
      getOptionLabel={(option) => (option.create ? `Crear «${option.name}»` : option.name)}
      filterOptions={(all, state) => {
        const found = filter(all, { ...state, inputValue: nameKey(state.inputValue) });
        const text = state.inputValue.trim();
        if (mayCreate && text && !all.some((option) => nameKey(option.name) === nameKey(text))) {
          found.push({ name: text, create: true });
        }
        return found;
      }}
      onChange={(_, next, reason) => {
        // creating is on purpose only: leaving the field never creates what was typed
        if (reason === 'blur' && next?.create) return;
        if (!pick.accepts(reason)) return;
        if (next?.create) createName(next.name);
        else input.onChange(next ? next.name : '');
      }}
      onInputChange={pick.onInputChange}
      onBlur={input.onBlur}
      renderOption={({ key, ...props }, option) => (
        <li key={key} {...props}>
          {option.create ? `Crear «${option.name}»` : option.name}
        </li>
      )}
      sx={fullWidth ? { width: '100%' } : { width: { xs: '100%', sm: 320 } }}
      renderInput={renderAutocompleteField({
        input: control,
        source,
        label,
        invalid,
        hint: helperText === false ? false : (helperText ?? `Elija entre ${targetPlural}`),
      })}
    />
  );
};
