/**
 * What the type checker cannot see in a declaration: a field type outside the schema language (a schema built
 * from data, or typed loosely), a reference or list of names pointing at a resource nobody declared, a key or
 * rule naming an undeclared field, a missing translation. Each problem names the schema and the field. Pure.
 */
import type { FieldType, OtherLanguage, ResourceSchema } from './types';

const FIELD_TYPE_SET: Readonly<Record<FieldType, true>> = {
  string: true,
  text: true,
  integer: true,
  number: true,
  boolean: true,
  sn: true,
  date: true,
  datetime: true,
  reference: true,
};

export const FIELD_TYPES = Object.keys(FIELD_TYPE_SET) as readonly FieldType[];

const OTHER_LANGUAGES: readonly OtherLanguage[] = ['en', 'de', 'fr', 'pt'];

const declares = (schemas: readonly ResourceSchema[], resource: string): boolean =>
  schemas.some((schema) => schema.name === resource || schema.aliases?.includes(resource));

/** The problems of `schemas` read together (references may point at any of them); [] when none. */
export function schemaProblems(schemas: readonly ResourceSchema[]): string[] {
  const problems: string[] = [];
  for (const schema of schemas) {
    const where = (field: string) => `${schema.name}.${field}`;
    const fieldNames = new Set(schema.fields.map((field) => field.name));
    for (const field of schema.fields) {
      if (!FIELD_TYPES.includes(field.type)) {
        problems.push(`${where(field.name)}: tipo de campo desconocido '${String(field.type)}'`);
      }
      if (field.type === 'reference' && !field.reference) {
        problems.push(`${where(field.name)}: referencia sin recurso`);
      }
      for (const target of [field.reference, field.namesOf?.reference]) {
        if (target && !declares(schemas, target)) {
          problems.push(`${where(field.name)}: referencia a un recurso no declarado '${target}'`);
        }
      }
      for (const other of [field.notBefore, ...(field.uniqueWith ?? [])]) {
        if (other && !fieldNames.has(other)) {
          problems.push(`${where(field.name)}: nombra un campo no declarado '${other}'`);
        }
      }
    }
    for (const key of schema.naturalKeys ?? []) {
      for (const name of key) {
        if (!fieldNames.has(name)) problems.push(`${where(name)}: clave natural con un campo no declarado`);
      }
    }
    const text = schema.searchText;
    if (text) {
      const from = schemas.find((other) => other.name === text.from.resource);
      if (!from)
        problems.push(
          `${where('searchText')}: texto de búsqueda de un recurso no declarado '${text.from.resource}'`,
        );
      if (fieldNames.has(text.column))
        problems.push(`${where('searchText')}: la columna '${text.column}' ya es un campo`);
      const theirs = new Set(from?.fields.map((field) => field.name) ?? []);
      for (const name of text.fields)
        if (!fieldNames.has(name))
          problems.push(`${where('searchText')}: nombra un campo no declarado '${name}'`);
      for (const name of from ? [text.from.key, ...text.from.fields] : [])
        if (!theirs.has(name))
          problems.push(
            `${where('searchText')}: nombra un campo no declarado '${text.from.resource}.${name}'`,
          );
    }
    for (const language of OTHER_LANGUAGES) {
      const [singular, plural] = schema.names?.[language] ?? ['', ''];
      if (!singular?.trim() || !plural?.trim())
        problems.push(`${where('names')}: falta la traducción '${language}'`);
    }
  }
  return problems;
}
