/** The interface language lives in the cookie `idioma` (docs/requirements.md#r1-product): es by default, unknown values → es. */
import Cookies from 'js-cookie';

export const LANGUAGE_COOKIE = 'idioma';
export const SUPPORTED_LANGUAGES = ['es', 'en', 'de', 'fr', 'pt'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'es';

export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  es: 'Español',
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  pt: 'Português',
};

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);

/** A cookie value → a supported language (case-insensitive, 'es-ES' → 'es'), else 'es'. */
export const normalizeLanguage = (value: string | undefined | null): Language => {
  const code = (value ?? '').trim().toLowerCase().slice(0, 2);
  return isLanguage(code) ? code : DEFAULT_LANGUAGE;
};

/** The cookies the language was last read from, and that language. */
let lastRead: { cookies: string; language: Language } | undefined;

/**
 * The language the cookie names. react-admin's store asks for it on every render of whatever reads the locale
 * (tens of times while the first screen renders); reading all the cookies apart each time is parsed again only
 * when they have changed.
 */
export const getLanguage = (): Language => {
  const cookies = typeof document === 'undefined' ? '' : document.cookie;
  if (lastRead?.cookies !== cookies) {
    lastRead = { cookies, language: normalizeLanguage(Cookies.get(LANGUAGE_COOKIE)) };
  }
  return lastRead.language;
};

/** The page says which language it is in (`<html lang>`: screen readers, spelling, hyphenation). */
export const markDocumentLanguage = (language: Language = getLanguage()): void => {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
};

export const setLanguage = (language: string): void => {
  const lang = normalizeLanguage(language);
  Cookies.set(LANGUAGE_COOKIE, lang, { expires: 365, sameSite: 'Lax', path: '/' });
  markDocumentLanguage(lang);
};
