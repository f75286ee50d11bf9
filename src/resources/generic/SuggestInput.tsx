/**
 * A text input whose suggestions come from a custom endpoint (schema `suggestions`), e.g. the principal SKUs
 * of /obtenerSkuPrincipales. The data provider answers them through its `suggestions(endpoint, {q, limit})`
 * method (src/dataProvider/referenceData.ts); without one the input is a plain text field. Free text is kept.
 */
import Autocomplete from '@mui/material/Autocomplete';
import { useEffect, useState } from 'react';
import { useDataProvider, useInput, useTranslate, type DataProvider, type Validator } from 'react-admin';
import { renderAutocompleteField } from './autocompleteField';

export interface SuggestionsProvider {
  suggestions(endpoint: string, params?: { q?: string; limit?: number }): Promise<string[]>;
}

const SUGGESTIONS_SHOWN = 20;
const DEBOUNCE_MS = 250;

/** Suggestions for `term` (debounced); [] while none are known. */
export const useSuggestions = (endpoint: string, term: string): { options: string[]; loading: boolean } => {
  const dataProvider = useDataProvider<DataProvider & Partial<SuggestionsProvider>>();
  const [state, setState] = useState<{ options: string[]; loading: boolean }>({
    options: [],
    loading: false,
  });
  useEffect(() => {
    if (!dataProvider.suggestions) return undefined;
    let active = true;
    setState((previous) => ({ ...previous, loading: true }));
    const timer = setTimeout(() => {
      // react-admin's provider proxy throws synchronously for a method the provider lacks: keep it a rejection.
      Promise.resolve()
        .then(() => dataProvider.suggestions?.(endpoint, { q: term.trim(), limit: SUGGESTIONS_SHOWN }) ?? [])
        .then((options) => active && setState({ options, loading: false }))
        .catch(() => active && setState({ options: [], loading: false }));
    }, DEBOUNCE_MS);
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [dataProvider, endpoint, term]);
  return state;
};

export interface SuggestInputProps {
  source: string;
  endpoint: string;
  validate?: Validator[];
  label?: string;
}

export const SuggestInput = ({ source, endpoint, validate, label }: SuggestInputProps) => {
  const translate = useTranslate();
  const control = useInput({ source, validate });
  const { field, fieldState } = control;
  const value = typeof field.value === 'string' ? field.value : (field.value ?? '').toString();
  const { options, loading } = useSuggestions(endpoint, value);
  const invalid = Boolean(fieldState.error) && (fieldState.isTouched || fieldState.invalid);
  return (
    <Autocomplete
      freeSolo
      options={options}
      loading={loading}
      loadingText={translate('ra.page.loading')}
      inputValue={value}
      onInputChange={(_, next) => field.onChange(next)}
      onChange={(_, next) => field.onChange(typeof next === 'string' ? next : '')}
      onBlur={field.onBlur}
      filterOptions={(all) => all}
      sx={{ width: { xs: '100%', sm: 360 } }}
      renderInput={renderAutocompleteField({ input: control, source, label, invalid })}
    />
  );
};
