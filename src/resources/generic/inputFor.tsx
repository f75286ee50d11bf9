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
import type { FieldSchema, ResourceSchema } from '../types';
import { SN_CHOICES, toChoices } from './choices';
import { DecimalInput } from './DecimalInput';
import { formatLenient } from './lenient';
import { NameListInput } from './NameListInput';
import { NamePickerInput } from './NamePickerInput';
import { SuggestInput } from './SuggestInput';
import { targetLabel } from './fieldFor';
import { fromDateInputValue, toDateInputValue } from './formatDate';
import { filterToQueryFor } from './referenceSearch';
import { validatorsFor } from './validation';

const LENIENT_HINTS: Partial<Record<FieldSchema['type'], string>> = {
  date: 'dd/mm/aaaa',
  datetime: 'dd/mm/aaaa',
  integer: 'Número entero',
};

/** The input of a field; `schema` gives rules that look at other fields (`notBefore`). */
export const inputFor = (field: FieldSchema, schema?: ResourceSchema): ReactElement => {
  const source = field.name;
  const validate = validatorsFor(field, schema);
  const common = { source, validate };
  if (field.suggestions) return <SuggestInput key={source} {...common} endpoint={field.suggestions} />;
  // a single name that must exist (a product's brand): a picker of the target's records. A SKU keeps its text
  // input (a company's products are too many to list); the API and the import refuse an unknown one.
  if (field.namesOf?.one && field.namesOf.mustExist && field.namesOf.reference !== 'productos') {
    return (
      <NamePickerInput
        key={source}
        {...common}
        reference={field.namesOf.reference}
        field={field.namesOf.field}
      />
    );
  }
  // a single name (`one`) otherwise keeps its text input: the list input splits on commas.
  if (field.namesOf && !field.namesOf.one) {
    return (
      <NameListInput
        key={source}
        {...common}
        reference={field.namesOf.reference}
        field={field.namesOf.field}
        mustExist={field.namesOf.mustExist}
      />
    );
  }
  if (field.lenient) {
    // free text, read on save with the CSV import's rules (lenient.ts): what was typed is never lost.
    return (
      <TextInput
        key={source}
        {...common}
        format={(value: unknown) => formatLenient(field, value)}
        parse={(value: string) => value}
        placeholder={LENIENT_HINTS[field.type]}
        helperText={LENIENT_HINTS[field.type] ? `Formato: ${LENIENT_HINTS[field.type]}` : undefined}
        inputProps={field.type === 'integer' ? { inputMode: 'numeric' } : undefined}
      />
    );
  }
  switch (field.type) {
    case 'text':
      return <TextInput key={source} {...common} multiline minRows={3} />;
    case 'integer':
      return <NumberInput key={source} {...common} min={field.min} step={1} />;
    case 'number':
      // decimals as people write them (12,50 in Spanish): see DecimalInput.
      return <DecimalInput key={source} {...common} decimals={field.decimals} />;
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
        return (
          <SelectInput key={source} {...common} choices={toChoices(field.choices, field.choiceLabels)} />
        );
      if (field.writeOnly) return <PasswordInput key={source} {...common} autoComplete="new-password" />;
      return <TextInput key={source} {...common} />;
  }
};
