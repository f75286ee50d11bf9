/**
 * The i18nProvider: polyglot over react-admin's messages + app messages + registered page labels + registry-generated
 * resource messages. Spanish and English are bundled; French (package), German and Portuguese (ours) load on
 * demand (react-admin waits for them before re-rendering).
 */
import polyglotI18nProvider from 'ra-i18n-polyglot';
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
import { raMessages } from './raMessages';
import { onPageLabels, pageMessages, registeredPages } from './pageMessages';
import { resourceMessages } from './resourceMessages';

export const composeMessages = (language: Language, ra: TranslationMessages): TranslationMessages =>
  mergeTranslations(
    ra,
    appMessages[language],
    pageMessages(language, registeredPages()),
    resourceMessages(language),
  ) as TranslationMessages;

const cache = new Map<Language, TranslationMessages>();

/** Spanish is bundled: always available synchronously (the initial locale of polyglot must be). */
const spanish = (): TranslationMessages => {
  const cached = cache.get('es');
  if (cached) return cached;
  const messages = composeMessages('es', spanishMessages);
  cache.set('es', messages);
  return messages;
};

// Page labels registered later (a page module loaded after the first catalogue) reach the next lookup.
onPageLabels(() => cache.clear());

/**
 * The complete catalogue of a language (cached). An unknown language is Spanish; a catalogue that cannot be
 * loaded (e.g. its chunk fails on a bad network) gives Spanish for now — never a blank app — and is retried later.
 */
export const loadMessages = async (language: string): Promise<TranslationMessages> => {
  const lang = normalizeLanguage(language);
  const cached = cache.get(lang);
  if (cached) return cached;
  let ra: TranslationMessages;
  try {
    ra = await raMessages[lang]();
  } catch {
    return spanish();
  }
  const messages = composeMessages(lang, ra);
  cache.set(lang, messages);
  return messages;
};

const getMessages = (language: string): TranslationMessages | Promise<TranslationMessages> => {
  const lang = normalizeLanguage(language);
  return lang === 'es' ? spanish() : (cache.get(lang) ?? loadMessages(lang));
};

export const LOCALES = SUPPORTED_LANGUAGES.map((locale) => ({ locale, name: LANGUAGE_NAMES[locale] }));

/**
 * Starts in the cookie's language when its messages are loaded (main.tsx preloads them), else in Spanish;
 * react-admin then switches to the stored locale (the store's `locale` reads the cookie).
 * `allowMissing`: an unknown key falls back to its default text.
 */
export const createI18nProvider = (initialLanguage: Language = getLanguage()): I18nProvider =>
  polyglotI18nProvider(
    getMessages,
    initialLanguage === 'es' || cache.has(initialLanguage) ? initialLanguage : 'es',
    LOCALES,
    {
      allowMissing: true,
    },
  );
