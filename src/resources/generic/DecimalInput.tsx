/**
 * The input of every decimal field (type 'number'): a text box with the decimal keyboard that shows the stored
 * number as the interface language writes it (12,50 in Spanish), reads what is typed with the same rules in the
 * form, the CSV import and the API (src/core/numbers.ts), and keeps the text as typed while it cannot be read,
 * with a Spanish message on the field. The form value is the number (null when empty); unreadable text stays in
 * the form as text, which the field's validator refuses, so nothing is saved and nothing typed is lost.
 */
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useEffect, useMemo, useState, type FocusEvent } from 'react';
import { FieldTitle, InputHelperText, useInput, useLocaleState, type Validator } from 'react-admin';
import { formatDecimal, parseDecimal } from '../../core/numbers';

export interface DecimalInputProps extends Omit<TextFieldProps, 'label' | 'helperText' | 'onChange'> {
  source: string;
  label?: string | false;
  validate?: Validator | Validator[];
  /** Decimals always shown (2 for amounts of money). */
  decimals?: number;
  helperText?: string | false;
}

/** The form value of a typed text: the number it reads as, null when empty, else the text itself. */
export const decimalFormValue = (text: string, locale: string): number | string | null => {
  const parsed = parseDecimal(text, locale);
  return parsed.ok ? parsed.value : text;
};

/** Refuses a form value that is still text: the reason in Spanish. */
export const decimalValidator =
  (locale: string): Validator =>
  (value: unknown) => {
    if (typeof value !== 'string') return undefined;
    const parsed = parseDecimal(value, locale);
    return parsed.ok ? undefined : parsed.error;
  };

const shownValue = (value: unknown, locale: string, decimals: number | undefined): string =>
  typeof value === 'number'
    ? formatDecimal(value, locale, { minDecimals: decimals })
    : typeof value === 'string'
      ? value
      : '';

export const DecimalInput = ({
  source,
  label,
  validate,
  decimals,
  helperText,
  onBlur,
  onFocus,
  inputProps,
  ...rest
}: DecimalInputProps) => {
  const [locale] = useLocaleState();
  const validators = useMemo(
    () => [...(Array.isArray(validate) ? validate : validate ? [validate] : []), decimalValidator(locale)],
    [validate, locale],
  );
  const {
    id,
    field,
    fieldState: { error, invalid },
    isRequired,
  } = useInput({ source, validate: validators, format: (value) => value, parse: (value) => value });
  // the text being typed; null when the field shows the stored value formatted.
  const [text, setText] = useState<string | null>(null);
  const [focused, setFocused] = useState(false);

  // a value set from outside (form reset, another record) replaces a text that no longer stands for it.
  useEffect(() => {
    if (focused || text === null) return;
    if (decimalFormValue(text, locale) !== field.value) setText(null);
  }, [field.value, focused, text, locale]);

  const shown = text ?? shownValue(field.value, locale, decimals);
  const renderHelperText = helperText !== false || invalid;

  return (
    <TextField
      id={id}
      {...rest}
      className={`ra-input ra-input-${source}`}
      name={field.name}
      inputRef={field.ref}
      value={shown}
      type="text"
      inputProps={{ inputMode: 'decimal', ...inputProps }}
      onFocus={(event: FocusEvent<HTMLInputElement>) => {
        setFocused(true);
        onFocus?.(event);
      }}
      onChange={(event) => {
        setText(event.target.value);
        field.onChange(decimalFormValue(event.target.value, locale));
      }}
      onBlur={(event: FocusEvent<HTMLInputElement>) => {
        setFocused(false);
        // readable text shows again as the language writes it; unreadable text stays as typed.
        if (text !== null && parseDecimal(text, locale).ok) setText(null);
        field.onBlur();
        onBlur?.(event);
      }}
      error={invalid}
      label={
        label !== '' && label !== false ? (
          <FieldTitle label={label} source={source} isRequired={isRequired} />
        ) : null
      }
      helperText={
        renderHelperText ? (
          <InputHelperText error={error?.message} helperText={helperText || undefined} />
        ) : null
      }
    />
  );
};
