/**
 * react-admin's store with the PIM defaults: the sidebar starts collapsed (`sidebar.open` false, docs/requirements.md#r2-screens
 * "vertical menu collapsed, kept in local storage"), also after logout clears the storage; and the
 * `locale` key reads and writes the `idioma` cookie, so the cookie stays the source of the language.
 */
import { localStorageStore, type Store } from 'react-admin';
import { getLanguage, setLanguage } from '../i18n/language';

export const STORE_DEFAULTS: Readonly<Record<string, unknown>> = { 'sidebar.open': false };

export const withPimDefaults = (
  base: Store,
  defaults: Readonly<Record<string, unknown>> = STORE_DEFAULTS,
): Store => {
  const fallback = (key: string, value: unknown) =>
    value === undefined && key in defaults ? defaults[key] : value;
  return {
    ...base,
    setup: () => base.setup(),
    teardown: () => base.teardown(),
    getItem: <T>(key: string, defaultValue?: T): T | undefined => {
      if (key === 'locale') return getLanguage() as T;
      return base.getItem<T>(key, (key in defaults ? defaults[key] : defaultValue) as T | undefined);
    },
    setItem: <T>(key: string, value: T) => {
      if (key === 'locale' && typeof value === 'string') setLanguage(value);
      base.setItem(key, value);
    },
    removeItem: (key: string) => base.removeItem(key),
    removeItems: (prefix: string) => base.removeItems(prefix),
    reset: () => base.reset(),
    subscribe: (key: string, callback: (value: unknown) => void) =>
      base.subscribe(key, (value: unknown) => callback(fallback(key, value))),
  };
};

export const createPimStore = (): Store => withPimDefaults(localStorageStore());
