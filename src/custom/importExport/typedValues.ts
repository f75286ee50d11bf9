/**
 * The import's side of typed values (the rules the API applies in server/features/integrity-values.ts): a
 * product's attribute value must be a value of its attribute's type and is imported normalised
 * (src/core/attributeValues.ts: 'sí' → 'S', '25/12/2024' → '2024-12-25', '1.200' → '1200', a list's value as the
 * list spells it), and a product icon's text must be one of its icon's posiblesValores (src/core/iconValues.ts).
 * The attributes or icons the rows name are read once per preview (one lookup per 200 ids); a row breaking the
 * rule gets a problem with the reason — in the preview, so it is not counted as «Correcta», and in the import,
 * which rejects it without sending it.
 */
import { readAttributeValue } from '../../core/attributeValues';
import { iconValueError } from '../../core/iconValues';
import type { Row } from '../../core/csv/normalize';
import type { ResourceSchema } from '../../resources/types';
import type { ImportBackend } from './backend';
import type { PreparedRow } from './prepare';

interface ValueRule {
  /** The field naming the record that types the value (its id). */
  refField: string;
  /** That record's resource. */
  target: string;
  /** The field holding the value. */
  valueField: string;
  /** The value as stored, or why it is refused. */
  read(record: Row, value: unknown): { ok: true; value: unknown } | { ok: false; error: string };
}

const RULES: Readonly<Record<string, ValueRule>> = {
  'producto-atributos': {
    refField: 'atributoId',
    target: 'atributos',
    valueField: 'valor',
    read: (attribute, value) => {
      const reading = readAttributeValue(attribute, value);
      return reading.ok && reading.value === '' ? { ok: true, value } : reading;
    },
  },
  ProductoIconos: {
    refField: 'idIcono',
    target: 'Iconos',
    valueField: 'texto',
    read: (icon, value) => {
      const error = iconValueError(String(icon.nombre ?? ''), icon.posiblesValores, value);
      return error ? { ok: false, error } : { ok: true, value };
    },
  },
};

/** Ids per lookup (the where travels in a URL). */
const IDS_PER_LOOKUP = 200;

const isBlank = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * `rows` with each typed value normalised, or a problem added to the rows without problems whose value breaks
 * its rule (the file's column, the rule's Spanish message). Rows are copied, not changed.
 */
export async function checkTypedValues(
  schema: ResourceSchema,
  rows: readonly PreparedRow[],
  backend: ImportBackend,
  options: { columnOf?: Readonly<Record<string, string>>; signal?: AbortSignal } = {},
): Promise<PreparedRow[]> {
  const rule = RULES[schema.name];
  if (!rule) return [...rows];
  const candidates = rows.filter(
    (row) =>
      !row.problems.length && !isBlank(row.values[rule.valueField]) && !isBlank(row.values[rule.refField]),
  );
  if (!candidates.length) return [...rows];
  const ids = [...new Set(candidates.map((row) => Number(row.values[rule.refField])))];
  const records = new Map<number, Row>();
  for (let start = 0; start < ids.length; start += IDS_PER_LOOKUP) {
    const chunk = ids.slice(start, start + IDS_PER_LOOKUP);
    for (const record of await backend.find(rule.target, { id: { inq: chunk } }, options.signal)) {
      records.set(Number(record.id), record);
    }
  }
  const column = options.columnOf?.[rule.valueField] ?? rule.valueField;
  return rows.map((row) => {
    if (row.problems.length || isBlank(row.values[rule.valueField])) return row;
    const record = records.get(Number(row.values[rule.refField]));
    // an unknown attribute or icon is the API's to refuse (the import reports its answer)
    if (!record) return row;
    const reading = rule.read(record, row.values[rule.valueField]);
    if (!reading.ok) {
      return {
        ...row,
        problems: [{ column, reason: `El campo '${rule.valueField}' no es correcto: ${reading.error}` }],
      };
    }
    return reading.value === row.values[rule.valueField]
      ? row
      : { ...row, values: { ...row.values, [rule.valueField]: reading.value } };
  });
}
