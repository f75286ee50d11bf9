/**
 * `resources.<name>.*` messages for resources registered at run time (registerSchemas): the i18n catalogues
 * are built from the static registry, so an extra resource's labels and success toasts are answered here,
 * from its schema, through the wrapped provider (polyglot still does interpolation and plural forms).
 */
import type { I18nProvider } from 'react-admin';
import { messagesForResource } from '../../i18n/resourceMessages';
import { normalizeLanguage } from '../../i18n/language';
import { valueAtPath } from '../../core/valueAtPath';
import type { ResourceSchema } from '../types';

const RESOURCE_KEY = /^resources\.([^.]+)\.(.+)$/;

export const withSchemaMessages = (
  provider: I18nProvider,
  schemas: readonly ResourceSchema[],
): I18nProvider => {
  if (!schemas.length) return provider;
  const byName = new Map(schemas.map((schema) => [schema.name, schema]));
  return {
    ...provider,
    translate: (key, options = {}) => {
      const match = RESOURCE_KEY.exec(key);
      const schema = match ? byName.get(match[1]) : undefined;
      if (match && schema) {
        const value = valueAtPath(
          messagesForResource(schema, normalizeLanguage(provider.getLocale())),
          match[2],
        );
        if (typeof value === 'string') return provider.translate(key, { ...options, _: value });
      }
      return provider.translate(key, options);
    },
  };
};
