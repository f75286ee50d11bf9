/**
 * The prompt form's category: a picker over the selected company's categories (top categories and their
 * subcategories, grouped), storing the category code — a typo can no longer create a prompt that never
 * matches a product.
 */
import { useMemo } from 'react';
import { AutocompleteInput, required, TextInput, useGetList, useRecordContext } from 'react-admin';
import type { CategoriaRow } from '../../core/aiTexts/categories';
import { categoriaValida, opcionesCategoria, type CategoriaOption } from './categoryOptions';

interface Props {
  source: string;
  label?: string;
}

export const CategoriaInput = ({ source, label = 'Categoría' }: Props) => {
  const record = useRecordContext();
  const { data, isPending, error } = useGetList<CategoriaRow & { id: number }>('categorias', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'codigo', order: 'ASC' },
  });
  const rows = error ? undefined : data;
  const choices = useMemo(() => opcionesCategoria(rows ?? [], record?.[source]), [rows, record, source]);
  const validate = useMemo(
    () => [required(), categoriaValida(isPending ? undefined : rows)],
    [rows, isPending],
  );
  // Mounted once the categories are there: the stored code then shows as its category from the start.
  if (isPending)
    return <TextInput source={source} label={label} disabled helperText="Cargando categorías…" fullWidth />;
  return (
    <AutocompleteInput
      source={source}
      label={label}
      choices={choices}
      optionText="label"
      optionValue="codigo"
      groupBy={(option) => String((option as unknown as CategoriaOption).grupo)}
      validate={validate}
      helperText={
        error
          ? 'No se pudieron cargar las categorías.'
          : 'Una categoría principal (el prompt vale para todas sus subcategorías) o una subcategoría concreta.'
      }
      fullWidth
    />
  );
};

export default CategoriaInput;
