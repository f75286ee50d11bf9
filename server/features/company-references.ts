/**
 * A row never points at another company's row: every reference field whose target is company data (its
 * schema has `companyField`) must name a row of the written row's own company. Checked before each create,
 * replace and update (also in bulk), for every caller; a foreign reference answers 422 in LoopBack's
 * validation shape naming the field, and nothing is written. The row's company is its `companyField`, or
 * through `companyVia` its parent's (the company itself, or a parent with `companyField`).
 */
import type { FieldSchema, ResourceSchema } from '../../src/resources/types';
import type { Feature } from '../feature';
import type { PlainRow, RepositorySet } from '../repository-set';
import { fieldErrors } from '../write-rules';

export const foreignReferenceMessage = (field: FieldSchema): string =>
  `«${field.label}» (${field.name}) hace referencia a un registro de otra empresa.`;

const numberOrUndefined = (value: unknown): number | undefined =>
  value === null || value === undefined || value === '' ? undefined : Number(value);

function companyRules(schema: ResourceSchema, schemas: readonly ResourceSchema[], repos: RepositorySet) {
  const byName = (name: string) => schemas.find((s) => s.name === name || s.aliases?.includes(name));
  // the parent a row's company comes through (companyVia) is of that company by definition: not checked
  const via = schema.companyVia;
  const isOwnParent = (f: FieldSchema, target: ResourceSchema): boolean =>
    !!via &&
    f.name === via.field &&
    target === byName(via.parent) &&
    (via.parentKey ?? target.idField) === target.idField;
  const refs = schema.fields.filter((f) => {
    const target = f.reference ? byName(f.reference) : undefined;
    return f.type === 'reference' && !!target?.companyField && !target.view && !isOwnParent(f, target);
  });
  if (!refs.length) return undefined;

  /** The company the row belongs to, when it can be told. */
  const companyOf = async (row: PlainRow): Promise<number | undefined> => {
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

  /** The company of each row, when it can be told (parents read at once). */
  const companiesOf = async (rows: readonly PlainRow[]): Promise<(number | undefined)[]> => {
    const via = schema.companyVia;
    const parent = via && byName(via.parent);
    if (schema.companyField || !via || !parent?.companyField) return Promise.all(rows.map(companyOf));
    const keys = [...new Set(rows.map((row) => row[via.field]).filter((k) => k !== undefined && k !== null))];
    if (!keys.length) return rows.map(() => undefined);
    const parentKey = via.parentKey ?? parent.idField;
    const found: PlainRow[] = await repos
      .repository(parent.name)
      .find({ where: { [parentKey]: { inq: keys } } });
    const owner = new Map(
      found.map((p) => [String(p[parentKey]), numberOrUndefined(p[parent.companyField!])]),
    );
    return rows.map((row) => {
      const key = row[via.field];
      return key === undefined || key === null ? undefined : owner.get(String(key));
    });
  };

  /** The references the write changes (a stored row keeping its company and a reference was checked then). */
  const changedRefs = (row: PlainRow, stored?: PlainRow): FieldSchema[] => {
    const ownerField = schema.companyField ?? schema.companyVia?.field;
    const sameOwner = !!stored && (!ownerField || stored[ownerField] === row[ownerField]);
    return refs.filter((field) => !sameOwner || stored?.[field.name] !== row[field.name]);
  };

  const isBlank = (value: unknown) => value === undefined || value === null || value === '';

  return {
    /** The same rule for a batch: the parents and each referenced resource's rows read once. */
    async beforeWriteMany(
      rows: PlainRow[],
      stored?: (PlainRow | undefined)[],
    ): Promise<(unknown | undefined)[]> {
      const refusals: (unknown | undefined)[] = rows.map(() => undefined);
      const checking = rows
        .map((row, i) => ({ i, changed: changedRefs(row, stored?.[i]).filter((f) => !isBlank(row[f.name])) }))
        .filter(({ changed }) => changed.length);
      if (!checking.length) return refusals;
      const companies = await companiesOf(checking.map(({ i }) => rows[i]));
      // per referenced resource, the owners of the distinct values the batch names
      const owners = new Map<string, Map<string, number | undefined>>();
      for (const field of refs) {
        const values = new Set<unknown>();
        checking.forEach(({ i, changed }, k) => {
          if (companies[k] !== undefined && changed.includes(field)) values.add(rows[i][field.name]);
        });
        if (!values.size) continue;
        const target = byName(field.reference!)!;
        const found: PlainRow[] = await repos
          .repository(target.name)
          .find({ where: { [target.idField]: { inq: [...values] } } });
        owners.set(
          field.name,
          new Map(found.map((r) => [String(r[target.idField]), numberOrUndefined(r[target.companyField!])])),
        );
      }
      checking.forEach(({ i, changed }, k) => {
        const company = companies[k];
        if (company === undefined) return;
        const errors: Record<string, string> = {};
        for (const field of changed) {
          const owner = owners.get(field.name)?.get(String(rows[i][field.name]));
          if (owner !== undefined && owner !== company) errors[field.name] = foreignReferenceMessage(field);
        }
        if (Object.keys(errors).length) refusals[i] = fieldErrors(errors, 'otherCompany');
      });
      return refusals;
    },

    async beforeWrite(row: PlainRow, stored?: PlainRow): Promise<void> {
      const changed = changedRefs(row, stored);
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
