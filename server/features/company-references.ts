/**
 * A row never points at another company's row: every reference field whose target is company data (its
 * schema has `companyField`) must name a row of the written row's own company. Checked before each create,
 * replace and update (also in bulk), for every caller; a foreign reference answers 422 in LoopBack's
 * validation shape naming the field, and nothing is written. The row's company is its `companyField`, or
 * through `companyVia` its parent's (the company itself, or a parent with `companyField`).
 */
import type { AnyObject } from '@loopback/repository';
import type { FieldSchema, ResourceSchema } from '../../src/resources/types';
import type { Feature } from '../feature';
import type { RepositorySet } from '../repository-set';
import { fieldErrors } from '../write-rules';

export const foreignReferenceMessage = (field: FieldSchema): string =>
  `«${field.label}» (${field.name}) hace referencia a un registro de otra empresa.`;

const numberOrUndefined = (value: unknown): number | undefined =>
  value === null || value === undefined || value === '' ? undefined : Number(value);

function companyRules(schema: ResourceSchema, schemas: readonly ResourceSchema[], repos: RepositorySet) {
  const byName = (name: string) => schemas.find((s) => s.name === name || s.aliases?.includes(name));
  const refs = schema.fields.filter((f) => {
    const target = f.reference ? byName(f.reference) : undefined;
    return f.type === 'reference' && !!target?.companyField && !target.view;
  });
  if (!refs.length) return undefined;

  /** The company the row belongs to, when it can be told. */
  const companyOf = async (row: AnyObject): Promise<number | undefined> => {
    if (schema.companyField) return numberOrUndefined(row[schema.companyField]);
    const via = schema.companyVia;
    const parent = via && byName(via.parent);
    if (!via || !parent) return undefined;
    const key = row[via.field];
    if (key === undefined || key === null) return undefined;
    if (!parent.companyField) {
      // The parent is the company itself when other schemas' company fields point at it.
      const isCompany = schemas.some((s) =>
        s.fields.some((f) => f.name === s.companyField && f.reference === parent.name),
      );
      return isCompany ? numberOrUndefined(key) : undefined;
    }
    const [found] = await repos
      .repository(parent.name)
      .find({ where: { [via.parentKey ?? parent.idField]: key }, limit: 1 });
    return found ? numberOrUndefined(found[parent.companyField]) : undefined;
  };

  return {
    async beforeWrite(row: AnyObject, stored?: AnyObject): Promise<void> {
      // a stored row keeping its company and a reference: that reference was checked when it was written
      const ownerField = schema.companyField ?? schema.companyVia?.field;
      const sameOwner = !!stored && (!ownerField || stored[ownerField] === row[ownerField]);
      const changed = refs.filter((field) => !sameOwner || stored?.[field.name] !== row[field.name]);
      if (!changed.length) return;
      const company = await companyOf(row);
      if (company === undefined) return;
      const errors: Record<string, string> = {};
      for (const field of changed) {
        const value = row[field.name];
        if (value === undefined || value === null || value === '') continue;
        const target = byName(field.reference!)!;
        const [found] = await repos
          .repository(target.name)
          .find({ where: { [target.idField]: value }, limit: 1 });
        const owner = found ? numberOrUndefined(found[target.companyField!]) : undefined;
        if (owner !== undefined && owner !== company) errors[field.name] = foreignReferenceMessage(field);
      }
      if (Object.keys(errors).length) throw fieldErrors(errors, 'otherCompany');
    },
  };
}

export const feature: Feature = {
  name: 'company-references',
  register: ({ repositories, registry }) => {
    for (const schema of registry) {
      if (schema.view) continue;
      const hooks = companyRules(schema, registry, repositories);
      if (hooks) repositories.repository(schema.name).addHooks(hooks);
    }
  },
};
