/**
 * `resources.<name>.{name,fields,notifications}` generated from the registry, so labels are declared once
 * (in the schemas, with their `names` in the other languages). Spanish success toasts come from schema.messages (docs/requirements.md#r8-errors); other languages, and
 * resources without their own message, get the generic 'Registro … correctamente!!' wording.
 */
import { registry } from '../resources/registry';
import type { ResourceSchema } from '../resources/types';
import { appMessages } from './appMessages';
import type { Language } from './language';

export interface ResourceMessages {
  name: string;
  fields: Record<string, string>;
  /** deletedMany: polyglot 'singular |||| plural' for bulk deletes (react-admin passes smart_count). */
  notifications: { created: string; updated: string; deleted: string; deletedMany: string };
}

/** `singular |||| plural` (polyglot's plural forms) of a resource in a language, from its schema. */
export const resourceName = (schema: ResourceSchema, language: Language): string => {
  const [singular, plural] = language === 'es' ? [schema.label, schema.labelPlural] : schema.names[language];
  return `${singular} |||| ${plural}`;
};

export const messagesForResource = (schema: ResourceSchema, language: Language): ResourceMessages => {
  const generic = appMessages[language].pim.notification;
  const own = language === 'es' ? (schema.messages ?? {}) : {};
  return {
    // polyglot plural forms: singular |||| plural (react-admin asks smart_count 1 or 2).
    name: resourceName(schema, language),
    fields: Object.fromEntries(schema.fields.map((field) => [field.name, field.label])),
    notifications: {
      created: own.created ?? generic.created,
      updated: own.updated ?? generic.updated,
      deleted: own.deleted ?? generic.deleted,
      deletedMany: `${own.deleted ?? generic.deleted} |||| ${own.deletedMany ?? generic.deletedMany}`,
    },
  };
};

export const resourceMessages = (
  language: Language,
  schemas: readonly ResourceSchema[] = registry,
): { resources: Record<string, ResourceMessages> } => ({
  resources: Object.fromEntries(
    schemas.map((schema) => [schema.name, messagesForResource(schema, language)]),
  ),
});
