/**
 * The product list's search box and category picker (src/core/productSearch.ts). The search text goes to the
 * API as `where.buscar` (SKU, title, EAN and brand, case- and accent-insensitive); the picker offers the
 * company's category tree — a top-level category above its subcategories — and the API includes the
 * subcategories of the one chosen (`where.categoria`).
 */
import { useMemo } from 'react';
import { AutocompleteInput, TextInput, useGetList } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { buildTree, type CategoryRow } from '../../core/categoryTree';
import { SEARCH_LIMIT, SEARCH_MAX_LENGTH } from '../../core/productSearch';

interface FilterInputProps {
  source: string;
  label?: string;
  alwaysOn?: boolean;
}

/**
 * The search box: at most SEARCH_MAX_LENGTH characters (what the API searches); a longer text typed or pasted
 * is cut there by the box, and the box says so rather than searching the cut text unsaid.
 */
export const ProductSearchInput = ({ source, label = 'Buscar', alwaysOn }: FilterInputProps) => {
  const value: unknown = useWatch({ name: source });
  const full = typeof value === 'string' && value.length >= SEARCH_MAX_LENGTH;
  return (
    <TextInput
      source={source}
      label={label}
      alwaysOn={alwaysOn}
      placeholder="SKU, título, EAN o marca"
      helperText={full ? `${SEARCH_LIMIT}: se buscan los primeros.` : false}
      resettable
      slotProps={{ htmlInput: { maxLength: SEARCH_MAX_LENGTH } }}
    />
  );
};

interface Choice {
  id: string | number;
  name: string;
}

/** The tree as picker choices: each top-level category, then its subcategories indented. */
export const categoryChoices = (rows: readonly CategoryRow[]): Choice[] => {
  const tree = buildTree(rows);
  const id = (row: CategoryRow) => row.id ?? row.codigo;
  return [
    ...tree.tops.flatMap(({ category, children }) => [
      { id: id(category), name: category.nombre },
      ...children.map((child) => ({ id: id(child), name: `\u2003${child.nombre}` })),
    ]),
    ...tree.orphans.map((row) => ({ id: id(row), name: row.nombre })),
  ];
};

export const CategoryTreeFilter = ({ source, label = 'Categoría', alwaysOn }: FilterInputProps) => {
  const { data, isPending } = useGetList<CategoryRow & { id: number }>('categorias', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'nombre', order: 'ASC' },
  });
  const choices = useMemo(() => categoryChoices(data ?? []), [data]);
  return (
    <AutocompleteInput
      source={source}
      label={label}
      alwaysOn={alwaysOn}
      choices={choices}
      isPending={isPending}
      helperText={false}
      // the typed text narrows the tree's entries by name (the indent is no part of it)
      matchSuggestion={(filter: string, choice: Choice) =>
        choice.name.trim().toLocaleLowerCase('es').includes(filter.trim().toLocaleLowerCase('es'))
      }
    />
  );
};
