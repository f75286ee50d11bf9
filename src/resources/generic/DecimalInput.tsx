/**
 * The input of every decimal field (type 'number'): a text box with the decimal keyboard that shows the stored
 * number as the interface language writes it (12,50 in Spanish), reads what is typed with the same rules in the
 * form, the CSV import and the API (src/core/numbers.ts), and keeps the text as typed while it cannot be read,
 * with a Spanish message on the field. The form value is the number (null when empty); unreadable text stays in
 * the form as text, which the field's validator refuses, so nothing is saved and nothing typed is lost.
 * With `storedAs="text"` (numeric attribute values, src/core/attributeValues.ts) the form value is the number's
 * stored text — the Spanish way without thousands marks ('1234,5'), whatever the interface language — and it
 * is shown in the interface language ('1,234.5' in English); a stored text that is not that form shows as is.
 */
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useEffect, useMemo, useRef, useState, type FocusEvent } from 'react';
import { FieldTitle, InputHelperText, useInput, useLocaleState, type Validator } from 'react-admin';
import { FILE_NUMBER_LOCALE, formatDecimal, parseDecimal } from '../../core/numbers';

export interface DecimalInputProps extends Omit<TextFieldProps, 'label' | 'helperText' | 'onChange'> {
  source: string;
  label?: string | false;
  validate?: Validator | Validator[];
  /** Decimals always shown (2 for amounts of money). */
  decimals?: number;
  helperText?: string | false;
  /** How the form holds the number: a number (default), or its stored text the Spanish way ('1234,5'). */
  storedAs?: 'number' | 'text';
  /** The message for text that cannot be read (default: the number rule's own). */
  errorOf?: (text: string, locale: string) => string | undefined;
}

type StoredAs = NonNullable<DecimalInputProps['storedAs']>;

/** The stored text of a number (`storedAs="text"`): the Spanish way, without thousands marks. */
const storedText = (value: number | null): string =>
  value === null ? '' : formatDecimal(value, FILE_NUMBER_LOCALE, { grouping: false });

/** The form value of a typed text: the number it reads as (or its stored text), null when empty, else the text itself. */
export const decimalFormValue = (
  text: string,
  locale: string,
  storedAs: StoredAs = 'number',
): number | string | null => {
  const parsed = parseDecimal(text, locale);
  if (!parsed.ok) return text;
  return storedAs === 'text' ? storedText(parsed.value) : parsed.value;
};

/** The number a form value stands for; undefined for text that is not a stored number. */
const numberOf = (value: unknown, storedAs: StoredAs): number | undefined => {
  if (typeof value === 'number') return value;
  if (storedAs !== 'text' || typeof value !== 'string' || value === '') return undefined;
  const parsed = parseDecimal(value, FILE_NUMBER_LOCALE);
  return parsed.ok && parsed.value !== null && storedText(parsed.value) === value ? parsed.value : undefined;
};

/** Refuses a form value that is still text: the reason in Spanish. */
export const decimalValidator =
  (locale: string): Validator =>
  (value: unknown) => {
    if (typeof value !== 'string') return undefined;
    const parsed = parseDecimal(value, locale);
    return parsed.ok ? undefined : parsed.error;
  };

const shownValue = (
  value: unknown,
  locale: string,
  decimals: number | undefined,
  storedAs: StoredAs,
): string => {
  const number = numberOf(value, storedAs);
  if (number !== undefined) return formatDecimal(number, locale, { minDecimals: decimals });
  return typeof value === 'string' ? value : '';
};

export const DecimalInput = ({
  source,
  label,
  validate,
  decimals,
  helperText,
  onBlur,
  onFocus,
  inputProps,
  storedAs = 'number',
  errorOf,
  ...rest
}: DecimalInputProps) => {
  const [locale] = useLocaleState();
  // stored as text, the form value of an unreadable text is that text: the validator refuses it by what was typed
  const unreadable = useRef<string | null>(null);
  const validators = useMemo(() => {
    const own: Validator = (value: unknown) => {
      if (typeof value !== 'string') return undefined;
      // stored as text, a value that is not what was typed unreadable is a stored number (or a stored text kept)
      if (storedAs === 'text' && value !== unreadable.current) return undefined;
      const parsed = parseDecimal(value, locale);
      return parsed.ok ? undefined : (errorOf?.(value, locale) ?? parsed.error);
    };
    return [...(Array.isArray(validate) ? validate : validate ? [validate] : []), own];
  }, [validate, locale, storedAs, errorOf]);
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
    if (decimalFormValue(text, locale, storedAs) !== field.value) setText(null);
  }, [field.value, focused, text, locale, storedAs]);

  const shown = text ?? shownValue(field.value, locale, decimals, storedAs);
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
        const typed = event.target.value;
        setText(typed);
        unreadable.current = parseDecimal(typed, locale).ok ? null : typed;
        field.onChange(decimalFormValue(typed, locale, storedAs));
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
