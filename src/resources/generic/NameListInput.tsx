/**
 * The input of a `namesOf` field (a list of names of another resource's records, e.g. an attribute's
 * categories): free text as before, with the names of the target's records suggested for the name being typed
 * (picking one completes it), and a warning under the field for names that do not exist — or, for a field
 * whose names must exist (`mustExist`), an error that blocks the save (src/core/references.ts; names the stored
 * record already held are kept).
 */
import Autocomplete from '@mui/material/Autocomplete';
import { useMemo } from 'react';
import { useGetList, useInput, useRecordContext, useTranslate, type Validator } from 'react-admin';
import { schemaFor } from '../registry';
import { renderAutocompleteField } from './autocompleteField';
import { completions, unknownNames, unknownNamesWarning, type Completion } from '../../core/nameList';
import { missingNames, missingReferenceMessage, nameKeys } from '../../core/references';

/** Names read from the target (the company's records; a catalogue's categories are a few hundred at most). */
const NAMES_READ = 1000;

export interface NameListInputProps {
  source: string;
  reference: string;
  /** The target's name field (default 'nombre'). */
  field?: string;
  validate?: Validator[];
  label?: string;
  /** Unknown names are an error, not a warning. */
  mustExist?: boolean;
}

export const NameListInput = ({
  source,
  reference,
  field = 'nombre',
  validate = [],
  label,
  mustExist = false,
}: NameListInputProps) => {
  const record = useRecordContext();
  const translate = useTranslate();
  const { data, isPending } = useGetList(reference, {
    pagination: { page: 1, perPage: NAMES_READ },
    sort: { field, order: 'ASC' },
  });
  const names = useMemo(
    () =>
      (data ?? []).map((record) => record[field]).filter((name): name is string => typeof name === 'string'),
    [data, field],
  );
  const known = useMemo(() => nameKeys(names), [names]);
  const targetPlural = (schemaFor(reference)?.labelPlural ?? reference).toLocaleLowerCase('es');
  const existing: Validator = (value: unknown) => {
    if (!mustExist || isPending) return undefined;
    const missing = missingNames({ one: false }, value, known, record?.[source]);
    return missing.length ? missingReferenceMessage({ targetPlural }, missing) : undefined;
  };
  const control = useInput({ source, validate: [...validate, existing] });
  const { field: input, fieldState } = control;
  const value = typeof input.value === 'string' ? input.value : (input.value ?? '').toString();
  const options = useMemo(() => completions(value, names), [value, names]);
  const warning =
    isPending || mustExist
      ? undefined
      : unknownNamesWarning(unknownNames(value, names), schemaFor(reference)?.labelPlural ?? reference);
  const invalid = Boolean(fieldState.error) && (fieldState.isTouched || fieldState.invalid);
  return (
    <Autocomplete<Completion, false, false, true>
      freeSolo
      options={options}
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.value)}
      renderOption={({ key, ...props }, option) => (
        <li key={key} {...props}>
          {option.name}
        </li>
      )}
      filterOptions={(all) => all}
      inputValue={value}
      onInputChange={(_, next, reason) => {
        // a picked completion arrives through onChange; 'reset' would echo it back
        if (reason !== 'reset') input.onChange(next);
      }}
      onChange={(_, next) => {
        if (next && typeof next !== 'string') input.onChange(next.value);
      }}
      onBlur={input.onBlur}
      value={null}
      loading={isPending}
      loadingText={translate('ra.page.loading')}
      sx={{ width: { xs: '100%', sm: 480 } }}
      renderInput={renderAutocompleteField({
        input: control,
        source,
        label,
        invalid,
        hint: warning,
        warning: Boolean(warning),
      })}
    />
  );
};
