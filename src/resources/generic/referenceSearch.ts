/** How an autocomplete searches its reference target, derived from the target's schema. Pure. */
import { schemaFor } from '../registry';

export type FilterToQuery = (searchText: string) => Record<string, string>;

/**
 * The target's own `contains` filter on the label field if it has one, else its free-text `q` search when it
 * declares one, else the label field itself.
 */
export const searchKeyFor = (reference: string, labelField: string): string => {
  const target = schemaFor(reference);
  if (!target) return 'q';
  const own = target.filters.find(
    (filter) =>
      filter.op === 'contains' && (filter.field ?? filter.source) === labelField && filter.source !== 'q',
  );
  if (own) return own.source;
  if (target.search?.length) return 'q';
  return labelField;
};

export const filterToQueryFor = (reference: string, labelField: string): FilterToQuery => {
  const key = searchKeyFor(reference, labelField);
  return (searchText) => (searchText ? { [key]: searchText } : {});
};
