/**
 * The text field inside the schema's autocomplete inputs (names of other records, endpoint suggestions): the
 * react-admin label with its required mark (translated like react-admin's own inputs: the form's resource), the
 * validation error, or under a valid field a hint or a warning.
 */
import type { AutocompleteRenderInputParams } from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { FieldTitle, InputHelperText, type UseInputValue } from 'react-admin';

export interface AutocompleteFieldOptions {
  input: Pick<UseInputValue, 'field' | 'fieldState' | 'isRequired'>;
  source: string;
  label?: string;
  /** Whether the error shows (e.g. only once the field was touched). */
  invalid: boolean;
  /** Under a valid field: text, `false` for no line at all; by default an empty line that keeps the height. */
  hint?: ReactNode | false;
  /** The hint is a warning (the field and its text in the warning colour). */
  warning?: boolean;
}

/** `renderInput` of an MUI Autocomplete bound to a react-admin input. */
export const renderAutocompleteField =
  ({ input, source, label, invalid, hint, warning }: AutocompleteFieldOptions) =>
  (params: AutocompleteRenderInputParams) => {
    const warns = Boolean(warning) && !invalid;
    const below =
      hint === false ? undefined : hint === undefined ? <InputHelperText error={undefined} /> : hint;
    return (
      <TextField
        {...params}
        name={input.field.name}
        inputRef={input.field.ref}
        size="small"
        margin="dense"
        label={<FieldTitle label={label} source={source} isRequired={input.isRequired} />}
        error={invalid}
        color={warns ? 'warning' : undefined}
        helperText={invalid ? <InputHelperText error={input.fieldState.error?.message} /> : below}
        FormHelperTextProps={warns ? { sx: { color: 'warning.main' } } : undefined}
      />
    );
  };
