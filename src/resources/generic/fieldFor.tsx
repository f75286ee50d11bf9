/** A FieldSchema → the react-admin field that displays it (list column or show row). */
import type { ReactElement } from 'react';
import { BooleanField, ReferenceField, TextField } from 'react-admin';
import { schemaFor } from '../registry';
import type { FieldSchema } from '../types';
import { referenceLabelOf, representationField } from './fieldSets';
import { DateText, DecimalText, SNField } from './recordFields';

/** The label property of a reference's target: schema `referenceLabel`, the target's naming field, 'nombre'. */
export const targetLabel = (field: { reference?: string; referenceLabel?: string }): string => {
  if (field.referenceLabel) return field.referenceLabel;
  const target = field.reference ? schemaFor(field.reference) : undefined;
  return (target && representationField(target)) ?? referenceLabelOf(field);
};

export const fieldFor = (field: FieldSchema): ReactElement => {
  const source = field.name;
  switch (field.type) {
    case 'sn':
      return <SNField key={source} source={source} />;
    case 'reference':
      return field.reference ? (
        <ReferenceField key={source} source={source} reference={field.reference}>
          <TextField source={targetLabel(field)} />
        </ReferenceField>
      ) : (
        <TextField key={source} source={source} />
      );
    case 'date':
      return <DateText key={source} source={source} />;
    case 'datetime':
      return <DateText key={source} source={source} withTime />;
    case 'boolean':
      return <BooleanField key={source} source={source} />;
    case 'number':
      return <DecimalText key={source} source={source} decimals={field.decimals} />;
    // integers are codes, years and counters: shown as typed (no thousands separator).
    default:
      return <TextField key={source} source={source} />;
  }
};
