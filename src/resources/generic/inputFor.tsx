/** A FieldSchema → the form input that edits it (create/edit forms). */
import type { ReactElement } from 'react';
import {
  AutocompleteInput,
  BooleanInput,
  DateInput,
  DateTimeInput,
  NumberInput,
  PasswordInput,
  ReferenceInput,
  SelectInput,
  TextInput,
} from 'react-admin';
import type { FieldSchema } from '../types';
import { SN_CHOICES, toChoices } from './choices';
import { targetLabel } from './fieldFor';
import { fromDateInputValue, toDateInputValue } from './formatDate';
import { filterToQueryFor } from './referenceSearch';
import { validatorsFor } from './validation';

export const inputFor = (field: FieldSchema): ReactElement => {
  const source = field.name;
  const validate = validatorsFor(field);
  const common = { source, validate };
  switch (field.type) {
    case 'text':
      return <TextInput key={source} {...common} multiline minRows={3} />;
    case 'integer':
    case 'number':
      return (
        <NumberInput key={source} {...common} min={field.min} step={field.type === 'integer' ? 1 : 'any'} />
      );
    case 'boolean':
      return <BooleanInput key={source} {...common} />;
    case 'sn':
      return <SelectInput key={source} {...common} choices={SN_CHOICES} />;
    case 'date':
      // stored as midnight UTC: show and store the date part only, whatever the browser's time zone.
      return <DateInput key={source} {...common} format={toDateInputValue} parse={fromDateInputValue} />;
    case 'datetime':
      return <DateTimeInput key={source} {...common} />;
    case 'reference': {
      if (!field.reference) return <NumberInput key={source} {...common} />;
      const label = targetLabel(field);
      return (
        <ReferenceInput key={source} source={source} reference={field.reference}>
          <AutocompleteInput
            optionText={label}
            validate={validate}
            filterToQuery={filterToQueryFor(field.reference, label)}
          />
        </ReferenceInput>
      );
    }
    default:
      if (field.choices?.length)
        return <SelectInput key={source} {...common} choices={toChoices(field.choices)} />;
      if (field.writeOnly) return <PasswordInput key={source} {...common} autoComplete="new-password" />;
      return <TextInput key={source} {...common} />;
  }
};
