/**
 * Renames carry: the fields declared `namesOf` a resource (a product's categorías and familias, its general
 * data's marca, an attribute's categories) hold names, not ids, so renaming a category, family or brand
 * rewrites those names in every record of the same company, on the API itself (a call straight to the API
 * included). The rewrite runs in the rename's own transaction.
 * A rename to a name another record of the company already has is refused (422 on nombre): two records with
 * one name would make every list that names it ambiguous.
 */
import type { Options } from '@loopback/repository';
import { nameKey, renameInNames } from '../../src/core/nameList';
import { containsPattern } from '../../src/core/likePatterns';
import type { ResourceSchema } from '../../src/resources/types';
import type { Feature } from '../feature';
import type { WriteRecord } from '../write-rules';
import { plainRow, type PlainRow, type RepositorySet } from '../repository-set';
import { fieldErrors } from '../write-rules';
import { searchTextReady } from '../store/search-text';

/** A field that names records of a resource. */
export interface NamingField {
  resource: string;
  field: string;
  one: boolean;
}

/** The stored fields naming records of `target` by their `nombre`. */
export const namingFields = (schemas: readonly ResourceSchema[], target: string): NamingField[] =>
  schemas
    .filter((schema) => !schema.view)
    .flatMap((schema) =>
      schema.fields
        .filter((f) => f.namesOf?.reference === target && (f.namesOf.field ?? 'nombre') === 'nombre')
        .map((f) => ({ resource: schema.name, field: f.name, one: Boolean(f.namesOf?.one) })),
    );

export const duplicateNameMessage = (label: string, nombre: string): string =>
  `Ya existe ${label.toLowerCase()} con el nombre «${nombre.trim()}»: elija otro nombre.`;

const companyOf = (schema: ResourceSchema, row: PlainRow): unknown =>
  schema.companyField ? (row[schema.companyField] ?? null) : undefined;

export function renameRules(
  repos: RepositorySet,
  schemas: readonly ResourceSchema[],
  target: ResourceSchema,
) {
  const own = repos.repository(target.name);
  const idField = target.idField ?? 'id';
  const naming = namingFields(schemas, target.name).filter(({ resource }) =>
    repos.repositories.has(resource),
  );

  /** The records of `field` in `from`'s company whose value names `from`, rewritten to `to`. */
  const rewrite = async (
    { resource, field, one }: NamingField,
    company: unknown,
    from: string,
    to: string,
    options: Options,
  ): Promise<number> => {
    const repo = repos.repository(resource);
    const schema = repo.schema;
    const where: PlainRow = { [field]: { like: containsPattern(from.trim()) } };
    if (company !== undefined && schema.companyField) where[schema.companyField] = company;
    let rows = (await repo.find({ where }, options)).map(plainRow);
    if (!rows.length) return 0;
    const via = schema.companyVia;
    if (company !== undefined && !schema.companyField && via) {
      // a child scoped through its parent (a product's general data): keep the rows of the company's parents.
      const parentSchema = repos.repository(via.parent).schema;
      const key = via.parentKey ?? parentSchema.idField ?? 'id';
      const parents = await repos.repository(via.parent).find(
        {
          where: {
            [key]: { inq: [...new Set(rows.map((row) => row[via.field]))] },
            ...(parentSchema.companyField ? { [parentSchema.companyField]: company } : {}),
          },
          fields: { [key]: true },
        },
        options,
      );
      const kept = new Set(parents.map((parent) => plainRow(parent)[key]));
      rows = rows.filter((row) => kept.has(row[via.field]));
    }
    let changed = 0;
    const rowId = schema.idField ?? 'id';
    for (const row of rows) {
      const value = renameInNames(row[field], from, to, one);
      const id = row[rowId];
      if (value === undefined || (typeof id !== 'number' && typeof id !== 'string')) continue;
      await repo.updateById(id, { [field]: value }, options);
      changed++;
    }
    return changed;
  };

  return {
    async beforeWrite(row: PlainRow, given?: PlainRow): Promise<void> {
      const id = row[idField];
      if (id === undefined || id === null || typeof row.nombre !== 'string') return;
      // the stored row the repository already read (an update of many rows: no read per row)
      const stored: PlainRow | undefined =
        given ?? (await own.find({ where: { [idField]: id } })).map(plainRow)[0];
      if (!stored || nameKey(String(stored.nombre ?? '')) === nameKey(row.nombre)) return;
      const company = companyOf(target, row);
      const nombre = row.nombre;
      // Candidates by the name's text: through the record's search text when it holds the name (it has the
      // trigram index; the products' nombre has none and was scanned: 6 ms a rename at 6,000 products, growing
      // with the table), then compared by name key.
      const column =
        target.searchText?.fields.includes('nombre') && searchTextReady(own.dataSource)
          ? target.searchText.column
          : 'nombre';
      const candidates = (
        await own.find({
          where: {
            [column]: { like: containsPattern(nombre.trim()) },
            ...(company !== undefined ? { [target.companyField as string]: company } : {}),
          },
        })
      ).map(plainRow);
      const clash = candidates.some(
        (other) => other[idField] !== id && nameKey(String(other.nombre ?? '')) === nameKey(nombre),
      );
      if (clash) throw fieldErrors({ nombre: duplicateNameMessage(target.label, nombre) }, 'uniqueName');
    },
    // in the rename's own transaction: the rename and the records naming it change together or not at all,
    // and whatever runs once the rename is answered (a recomputation job) reads both renamed
    async recordWrites(records: WriteRecord<PlainRow>[], options: Options): Promise<void> {
      for (const { before, after } of records) {
        if (!before || !after) continue;
        const from = String(before.nombre ?? '');
        const to = String(after.nombre ?? '');
        if (!from.trim() || !to.trim() || from === to) continue;
        const company = companyOf(target, after);
        for (const field of naming) await rewrite(field, company, from, to, options);
      }
    },
  };
}

export const feature: Feature = {
  name: 'reference-data-renames',
  register: ({ repositories, registry }) => {
    const targets = new Set(registry.flatMap((schema) => schema.fields.map((f) => f.namesOf?.reference)));
    for (const schema of registry) {
      if (schema.view || !targets.has(schema.name) || !repositories.repositories.has(schema.name)) continue;
      if (!schema.fields.some((f) => f.name === 'nombre')) continue;
      repositories.repository(schema.name).addHooks(renameRules(repositories, registry, schema));
    }
  },
};
