export { createI18nProvider, loadMessages, composeMessages, LOCALES } from './i18nProvider';
export {
  getLanguage,
  setLanguage,
  normalizeLanguage,
  LANGUAGE_COOKIE,
  SUPPORTED_LANGUAGES,
  LANGUAGE_NAMES,
  type Language,
} from './language';
export { appMessages, type PimMessages } from './appMessages';
export { resourceMessages, messagesForResource } from './resourceMessages';
export { default as spanishMessages } from './es';
