/** Picks the catalogue to work on: code, name, year and active flag of each catalogue of the company. */
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import MuiTextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useGetList, type RaRecord } from 'react-admin';
import { SNBadge } from '../../resources/generic/SNBadge';

export interface CatalogueRecord extends RaRecord {
  codigo?: string;
  nombre?: string;
  anyo?: number | null;
  activoSN?: string | null;
  empresaId?: number;
}

/** Catalogues offered at once (a company has a handful; typing filters them). */
export const PICKER_LIMIT = 500;

export const catalogueLabel = (catalogue: CatalogueRecord): string =>
  [catalogue.codigo, catalogue.nombre].filter(Boolean).join(' — ') || `Catálogo ${String(catalogue.id)}`;

export interface CataloguePickerProps {
  value: CatalogueRecord | undefined;
  onChange(catalogue: CatalogueRecord | null): void;
}

export const CataloguePicker = ({ value, onChange }: CataloguePickerProps) => {
  const { data, isPending, error } = useGetList<CatalogueRecord>('catalogos', {
    pagination: { page: 1, perPage: PICKER_LIMIT },
    sort: { field: 'codigo', order: 'ASC' },
  });
  const options = useMemo(() => {
    const list = data ?? [];
    return value && !list.some((option) => option.id === value.id) ? [value, ...list] : list;
  }, [data, value]);
  return (
    <Autocomplete<CatalogueRecord>
      id="catalogo-selector"
      options={options}
      value={value ?? null}
      loading={isPending}
      onChange={(_, picked) => onChange(picked)}
      isOptionEqualToValue={(option, picked) => option.id === picked.id}
      getOptionLabel={catalogueLabel}
      filterOptions={(candidates, { inputValue }) => {
        const term = inputValue.trim().toLowerCase();
        return term
          ? candidates.filter((option) =>
              [option.codigo, option.nombre, option.anyo].some((part) =>
                String(part ?? '')
                  .toLowerCase()
                  .includes(term),
              ),
            )
          : candidates;
      }}
      noOptionsText="No hay catálogos"
      loadingText="Cargando catálogos…"
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <Typography variant="body2" fontWeight={600} sx={{ minWidth: 96 }}>
            {option.codigo}
          </Typography>
          <Typography variant="body2" sx={{ flex: 1 }}>
            {option.nombre}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {option.anyo ?? ''}
          </Typography>
          <SNBadge value={option.activoSN} />
        </Box>
      )}
      renderInput={(params) => (
        <MuiTextField
          {...params}
          label="Catálogo"
          placeholder="Busque por código, nombre o año"
          error={Boolean(error)}
          helperText={error ? 'No se pudieron cargar los catálogos.' : undefined}
        />
      )}
      sx={{ flex: 1, minWidth: 280, maxWidth: 640 }}
    />
  );
};
