/** schema.filters → react-admin filter inputs, by `input` kind; `alwaysOn` honoured. */
import type { ReactElement } from 'react';
import {
  AutocompleteInput,
  DateInput,
  NumberInput,
  ReferenceInput,
  SearchInput,
  SelectInput,
  TextInput,
} from 'react-admin';
import type { FilterSchema, ResourceSchema } from '../types';
import { snFilterChoices, toChoices } from './choices';
import { targetLabel } from './fieldFor';
import { filterToQueryFor } from './referenceSearch';

/** The reference label of a filter: the schema field it constrains says it, else the target's naming field. */
const filterReferenceLabel = (schema: ResourceSchema, filter: FilterSchema): string => {
  const field = schema.fields.find((candidate) => candidate.name === (filter.field ?? filter.source));
  return targetLabel({ reference: filter.reference, referenceLabel: field?.referenceLabel });
};

export const filterFor = (schema: ResourceSchema, filter: FilterSchema): ReactElement => {
  const { source, label } = filter;
  const alwaysOn = filter.alwaysOn || undefined;
  switch (filter.input) {
    case 'number':
      return <NumberInput key={source} source={source} label={label} alwaysOn={alwaysOn} />;
    case 'sn':
      return (
        <SelectInput
          key={source}
          source={source}
          label={label}
          alwaysOn={alwaysOn}
          choices={snFilterChoices(filter.ignore)}
        />
      );
    case 'date':
      return <DateInput key={source} source={source} label={label} alwaysOn={alwaysOn} />;
    case 'select':
      return (
        <SelectInput
          key={source}
          source={source}
          label={label}
          alwaysOn={alwaysOn}
          choices={toChoices([...(filter.choices ?? []), ...(filter.ignore ?? [])])}
        />
      );
    case 'reference': {
      if (!filter.reference)
        return <TextInput key={source} source={source} label={label} alwaysOn={alwaysOn} />;
      const optionText = filterReferenceLabel(schema, filter);
      return (
        <ReferenceInput key={source} source={source} reference={filter.reference} alwaysOn={alwaysOn}>
          <AutocompleteInput
            label={label}
            optionText={optionText}
            filterToQuery={filterToQueryFor(filter.reference, optionText)}
          />
        </ReferenceInput>
      );
    }
    default:
      return source === 'q' ? (
        <SearchInput key={source} source={source} alwaysOn={alwaysOn} />
      ) : (
        <TextInput key={source} source={source} label={label} alwaysOn={alwaysOn} />
      );
  }
};

export const filtersFor = (schema: ResourceSchema): ReactElement[] =>
  schema.filters.map((filter) => filterFor(schema, filter));

/** Whether the list needs an "add filter" button (some filter is not always shown). */
export const hasOptionalFilters = (schema: ResourceSchema): boolean =>
  schema.filters.some((filter) => !filter.alwaysOn);
