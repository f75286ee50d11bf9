/**
 * react-admin's own messages per language: es, de and pt are ours, en and fr their packages. Spanish and English
 * are bundled; French, German and Portuguese load on demand. Read by the i18nProvider and by the login screen
 * shown before the app loads (src/login), which needs only their `ra.auth` labels.
 */
import type { TranslationMessages } from 'ra-core';
// react-admin's default i18nProvider bundles the English pack anyway: import it statically.
import englishMessages from 'ra-language-english';
import spanishMessages from './es';
import type { Language } from './language';

export const raMessages: Readonly<Record<Language, () => Promise<TranslationMessages>>> = {
  es: async () => spanishMessages,
  en: async () => englishMessages,
  fr: () => import('ra-language-french').then((module) => module.default),
  de: () => import('./de').then((module) => module.default),
  pt: () => import('./pt').then((module) => module.default),
};
