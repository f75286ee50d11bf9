/**
 * Pick a product of the selected company by its name (SKU): an autocomplete over `productos` that searches
 * with the schema's own 'Nombre contiene' filter (debounced), shows nombre and hands back the record, so the
 * caller keeps using its id. Keyboard-only: type, arrows, Enter; Escape clears.
 */
import { useState } from 'react';
import { Autocomplete, CircularProgress, TextField } from '@mui/material';
import { useGetList, type RaRecord } from 'react-admin';
import { filterToQueryFor } from '../../resources/generic/referenceSearch';
import { useDebounced } from '../useDebounced';

export type ProductOption = RaRecord & { nombre?: string };

const searchProducts = filterToQueryFor('productos', 'nombre');
const nameOf = (option: ProductOption | string) =>
  typeof option === 'string' ? option : String(option.nombre ?? option.id);

/** The products whose name contains the (debounced) text, first 25 by name. */
const useProductSearch = (text: string) => {
  const search = useDebounced(text.trim());
  const { data, isPending, error } = useGetList<ProductOption>('productos', {
    pagination: { page: 1, perPage: 25 },
    sort: { field: 'nombre', order: 'ASC' },
    filter: searchProducts(search),
  });
  // no stale suggestions while the typed text is still being searched: Enter never picks a previous match
  const loading = isPending || search !== text.trim();
  return { options: loading ? [] : (data ?? []), loading, error };
};

interface PickerProps {
  label: string;
  helperText?: string;
  disabled?: boolean;
  value: ProductOption | null;
  onChange: (product: ProductOption | null) => void;
}

export function ProductPicker({ label, helperText, disabled, value, onChange }: PickerProps) {
  const [text, setText] = useState('');
  const { options, loading, error } = useProductSearch(text);
  return (
    <Autocomplete<ProductOption>
      sx={{ minWidth: 280 }}
      size="small"
      disabled={disabled}
      options={options}
      value={value}
      onChange={(_, product) => onChange(product)}
      inputValue={text}
      onInputChange={(_, next) => setText(next)}
      // the server already filtered by name
      filterOptions={(all) => all}
      getOptionLabel={nameOf}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      autoHighlight
      loading={loading}
      loadingText="Buscando productos…"
      noOptionsText={error ? 'No se pudieron cargar los productos' : 'Ningún producto con ese nombre'}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          helperText={helperText}
          slotProps={{
            input: {
              ...params.InputProps,
              endAdornment: (
                <>
                  {loading && <CircularProgress size={16} />}
                  {params.InputProps.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}

interface SkuProps {
  label: string;
  disabled?: boolean;
  value: string;
  onChange: (sku: string) => void;
}

/** A SKU typed freely, with the company's products as suggestions (an item may exist only in the ERP). */
export function ProductSkuField({ label, disabled, value, onChange }: SkuProps) {
  const { options, loading } = useProductSearch(value);
  return (
    <Autocomplete<ProductOption | string, false, false, true>
      freeSolo
      sx={{ minWidth: 240 }}
      size="small"
      disabled={disabled}
      options={options}
      inputValue={value}
      onInputChange={(_, next) => onChange(next)}
      onChange={(_, picked) => onChange(picked === null ? '' : nameOf(picked))}
      filterOptions={(all) => all}
      getOptionLabel={nameOf}
      loading={loading}
      loadingText="Buscando productos…"
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}
