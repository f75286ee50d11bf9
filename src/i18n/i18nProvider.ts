/**
 * The i18nProvider: polyglot over react-admin's messages + app messages + registry-generated resource messages.
 * Spanish and English are bundled; French loads on demand (react-admin waits for them before re-rendering).
 */
import polyglotI18nProvider from 'ra-i18n-polyglot';
// react-admin's default i18nProvider bundles the English pack anyway: import it statically.
import englishMessages from 'ra-language-english';
import { mergeTranslations, type I18nProvider, type TranslationMessages } from 'ra-core';
import { appMessages } from './appMessages';
import spanishMessages from './es';
import {
  getLanguage,
  LANGUAGE_NAMES,
  normalizeLanguage,
  SUPPORTED_LANGUAGES,
  type Language,
} from './language';
import { resourceMessages } from './resourceMessages';

const english = async () => englishMessages;

/** react-admin's own messages per language; de and pt have no complete public pack: English fills in. */
const raMessages: Readonly<Record<Language, () => Promise<TranslationMessages>>> = {
  es: async () => spanishMessages,
  en: english,
  fr: () => import('ra-language-french').then((module) => module.default),
  de: english,
  pt: english,
};

export const composeMessages = (language: Language, ra: TranslationMessages): TranslationMessages =>
  mergeTranslations(ra, appMessages[language], resourceMessages(language)) as TranslationMessages;

const cache = new Map<Language, TranslationMessages>([['es', composeMessages('es', spanishMessages)]]);

/** The complete catalogue of a language (cached). */
export const loadMessages = async (language: string): Promise<TranslationMessages> => {
  const lang = normalizeLanguage(language);
  const cached = cache.get(lang);
  if (cached) return cached;
  const messages = composeMessages(lang, await raMessages[lang]());
  cache.set(lang, messages);
  return messages;
};

const getMessages = (language: string): TranslationMessages | Promise<TranslationMessages> =>
  cache.get(normalizeLanguage(language)) ?? loadMessages(language);

export const LOCALES = SUPPORTED_LANGUAGES.map((locale) => ({ locale, name: LANGUAGE_NAMES[locale] }));

/**
 * Starts in the cookie's language when its messages are loaded (main.tsx preloads them), else in Spanish;
 * react-admin then switches to the stored locale (the store's `locale` reads the cookie).
 * `allowMissing`: an unknown key falls back to its default text.
 */
export const createI18nProvider = (initialLanguage: Language = getLanguage()): I18nProvider =>
  polyglotI18nProvider(getMessages, cache.has(initialLanguage) ? initialLanguage : 'es', LOCALES, {
    allowMissing: true,
  });
