/**
 * The ERP item category code for a new EAN (itemCategoryCode — the code products send as `categorias`): the
 * company's PIM categories are offered by code and name, and any other code can still be typed, since a
 * Business Central category need not exist in the PIM.
 */
import { Autocomplete, TextField } from '@mui/material';
import { useGetList, type RaRecord } from 'react-admin';

type Category = RaRecord & { codigo?: string; nombre?: string };

const codeOf = (option: Category | string) =>
  typeof option === 'string' ? option : String(option.codigo ?? '');

interface Props {
  value: string;
  onChange: (code: string) => void;
  disabled?: boolean;
}

export function CategoryCodeField({ value, onChange, disabled }: Props) {
  const { data, isPending } = useGetList<Category>('categorias', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'codigo', order: 'ASC' },
  });
  const options = (data ?? []).filter((c) => c.codigo);
  return (
    <Autocomplete<Category | string, false, false, true>
      freeSolo
      sx={{ minWidth: 260 }}
      size="small"
      disabled={disabled}
      options={options}
      inputValue={value}
      onInputChange={(_, next) => onChange(next)}
      onChange={(_, picked) => onChange(picked === null ? '' : codeOf(picked))}
      getOptionLabel={codeOf}
      filterOptions={(all, { inputValue }) => {
        const term = inputValue.trim().toLowerCase();
        return all.filter(
          (c) =>
            typeof c !== 'string' &&
            (!term || `${c.codigo ?? ''} ${c.nombre ?? ''}`.toLowerCase().includes(term)),
        );
      }}
      renderOption={({ key, ...props }, option) => (
        <li key={key} {...props}>
          {typeof option === 'string' ? option : `${option.codigo} — ${option.nombre ?? ''}`}
        </li>
      )}
      loading={isPending}
      loadingText="Cargando categorías…"
      renderInput={(params) => (
        <TextField
          {...params}
          label="Código de categoría"
          required
          helperText="Categoría del PIM u otro código del ERP"
        />
      )}
    />
  );
}
