/**
 * The words of the login screen in the user's language: react-admin's own `ra.*` labels (src/i18n/raMessages.ts),
 * read without react-admin, so that the screen shown before the app has loaded says exactly what the app's
 * login page says. A message that is not a key (the server's or the authProvider's own) is shown as it is.
 */
import type { TranslationMessages } from 'ra-core';
import { valueAtPath } from '../core/valueAtPath';
import { normalizeLanguage } from '../i18n/language';
import { raMessages } from '../i18n/raMessages';

/** Looks a message up by its key; anything else (or an unknown key) is the text itself or its fallback. */
export type LoginTranslate = (message: string, fallback?: string) => string;

export const loginTranslator =
  (messages: TranslationMessages): LoginTranslate =>
  (message, fallback) => {
    const found = valueAtPath(messages, message);
    return typeof found === 'string' ? found : (fallback ?? message);
  };

/** The language's messages; Spanish when its catalogue cannot be loaded (e.g. its file fails on a bad network). */
export const loadLoginTranslate = async (language: string): Promise<LoginTranslate> => {
  const lang = normalizeLanguage(language);
  try {
    return loginTranslator(await raMessages[lang]());
  } catch {
    return loginTranslator(await raMessages.es());
  }
};
