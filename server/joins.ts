/**
 * Joined (read-only) columns: filled on read from a referenced resource, never stored.
 * Declarative: one line per join.
 */
import type { Row, RowDecorator, SchemaRepository } from './repositories';
import type { PlainRow } from './repository-set';

export interface JoinSpec {
  /** The resource whose rows get the columns. */
  schema: string;
  /** Its reference field. */
  via: string;
  /** The referenced resource. */
  target: string;
  /** joined column → source column of the target. */
  columns: Record<string, string>;
}

export const JOINS: readonly JoinSpec[] = [
  {
    schema: 'EmpresasBC',
    via: 'idMarca',
    target: 'Marca',
    columns: { nombreMarca: 'nombre', codigoMarca: 'codigo' },
  },
];

export const joinsFor = (schemaName: string): JoinSpec[] => JOINS.filter((j) => j.schema === schemaName);

export function joinDecorator(
  specs: readonly JoinSpec[],
  repo: (name: string) => SchemaRepository,
): RowDecorator {
  return async (rows: Row[]) => {
    for (const spec of specs) {
      const target = repo(spec.target);
      const idField = target.schema.idField;
      const ids = [
        ...new Set(rows.map((r) => r[spec.via] as unknown).filter((v) => v !== undefined && v !== null)),
      ];
      if (!ids.length) continue;
      const found = await target.find({ where: { [idField]: { inq: ids } } });
      const byId = new Map<unknown, PlainRow>(found.map((t) => [t[idField], t]));
      for (const row of rows) {
        const source = byId.get(row[spec.via]);
        for (const [column, from] of Object.entries(spec.columns)) {
          const value: unknown = source?.[from];
          if (value !== undefined) row[column] = value;
        }
      }
    }
  };
}
