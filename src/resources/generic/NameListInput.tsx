/**
 * The input of a `namesOf` field (a list of names of another resource's records, e.g. an attribute's
 * categories): free text as before, with the names of the target's records suggested for the name being typed
 * (picking one completes it), and a warning — never a block — under the field for names that do not exist.
 */
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import {
  FieldTitle,
  InputHelperText,
  useGetList,
  useInput,
  useResourceContext,
  useTranslate,
  type Validator,
} from 'react-admin';
import { schemaFor } from '../registry';
import { completions, unknownNames, unknownNamesWarning, type Completion } from '../../core/nameList';

/** Names read from the target (the company's records; a catalogue's categories are a few hundred at most). */
const NAMES_READ = 1000;

export interface NameListInputProps {
  source: string;
  reference: string;
  /** The target's name field (default 'nombre'). */
  field?: string;
  validate?: Validator[];
  label?: string;
}

export const NameListInput = ({
  source,
  reference,
  field = 'nombre',
  validate,
  label,
}: NameListInputProps) => {
  const resource = useResourceContext();
  const translate = useTranslate();
  const { field: input, fieldState, isRequired } = useInput({ source, validate });
  const { data, isPending } = useGetList(reference, {
    pagination: { page: 1, perPage: NAMES_READ },
    sort: { field, order: 'ASC' },
  });
  const names = useMemo(
    () =>
      (data ?? []).map((record) => record[field]).filter((name): name is string => typeof name === 'string'),
    [data, field],
  );
  const value = typeof input.value === 'string' ? input.value : (input.value ?? '').toString();
  const options = useMemo(() => completions(value, names), [value, names]);
  const warning = isPending
    ? undefined
    : unknownNamesWarning(unknownNames(value, names), schemaFor(reference)?.labelPlural ?? reference);
  const error = fieldState.error?.message;
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
      renderInput={(params) => (
        <TextField
          {...params}
          name={input.name}
          inputRef={input.ref}
          size="small"
          margin="dense"
          label={<FieldTitle label={label} source={source} resource={resource} isRequired={isRequired} />}
          error={invalid}
          color={warning && !invalid ? 'warning' : undefined}
          helperText={
            invalid ? <InputHelperText error={error} /> : (warning ?? <InputHelperText error={undefined} />)
          }
          FormHelperTextProps={warning && !invalid ? { sx: { color: 'warning.main' } } : undefined}
        />
      )}
    />
  );
};
