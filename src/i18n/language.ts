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

export const getLanguage = (): Language => normalizeLanguage(Cookies.get(LANGUAGE_COOKIE));

export const setLanguage = (language: string): void => {
  Cookies.set(LANGUAGE_COOKIE, normalizeLanguage(language), { expires: 365, sameSite: 'Lax', path: '/' });
};
