import Cookies from 'js-cookie';
import englishMessages from 'ra-language-english';
import { afterEach, describe, expect, it } from 'vitest';
import { customPages } from '../../src/custom/pages';
import germanMessages from '../../src/i18n/de';
import { createI18nProvider, loadMessages } from '../../src/i18n/i18nProvider';
import {
  getLanguage,
  markDocumentLanguage,
  setLanguage,
  SUPPORTED_LANGUAGES,
  type Language,
} from '../../src/i18n/language';
import { pageLabel, pageMessages, registerPageLabels } from '../../src/i18n/pageMessages';
import portugueseMessages from '../../src/i18n/pt';
import { MENU_GROUPS } from '../../src/layout/menuGroups';
import { registry } from '../../src/resources/registry';
import { brokenPlaceholders, keyPaths, valueAt } from '../support/messages';

afterEach(() => {
  Cookies.remove('idioma', { path: '/' });
});

describe.each([
  ['de', germanMessages],
  ['pt', portugueseMessages],
])('react-admin messages in %s (ours)', (_language, messages) => {
  const englishKeys = keyPaths(englishMessages);

  it('has every key of ra-language-english and no other', () => {
    expect(englishKeys.filter((path) => typeof valueAt(messages, path) !== 'string')).toEqual([]);
    const known = new Set(englishKeys);
    expect(keyPaths(messages).filter((path) => !known.has(path))).toEqual([]);
  });

  it('keeps the placeholders and plural forms of each English message', () => {
    const plurals = englishKeys.filter(
      (path) =>
        String(valueAt(englishMessages, path)).includes('||||') !==
        String(valueAt(messages, path)).includes('||||'),
    );
    expect([...brokenPlaceholders(englishMessages, messages), ...plurals]).toEqual([]);
  });
});

describe('menu messages in the five languages', () => {
  const visible = registry.filter((schema) => !schema.menu.hidden);

  it.each(SUPPORTED_LANGUAGES)(
    '%s: every menu group, menu resource and bespoke page has a label',
    async (lang) => {
      const messages = await loadMessages(lang);
      for (const group of MENU_GROUPS) {
        const label = valueAt(messages, `pim.menu.${group}`);
        expect(typeof label === 'string' && label.trim() !== '', `pim.menu.${group}`).toBe(true);
      }
      for (const schema of visible) {
        const name = String(valueAt(messages, `resources.${schema.name}.name`) ?? '');
        expect(name, `resources.${schema.name}.name`).toMatch(/^\S.* \|\|\|\| \S.*$/);
      }
      for (const page of customPages) {
        expect(valueAt(messages, `pim.pages.${page.path}`), `pim.pages.${page.path}`).toBe(
          pageLabel(page, lang),
        );
      }
    },
  );

  it('every registry resource has its name in five languages, from its schema', async () => {
    expect(registry.length).toBeGreaterThan(30);
    const missing: string[] = [];
    for (const lang of SUPPORTED_LANGUAGES) {
      const messages = await loadMessages(lang);
      for (const schema of registry) {
        const [singular, plural] =
          lang === 'es' ? [schema.label, schema.labelPlural] : (schema.names?.[lang] ?? ['', '']);
        if (!singular.trim() || !plural.trim()) missing.push(`${schema.name}.names.${lang}`);
        else
          expect(valueAt(messages, `resources.${schema.name}.name`), `${schema.name} (${lang})`).toBe(
            `${singular} |||| ${plural}`,
          );
      }
    }
    expect(missing).toEqual([]);
  });

  it('every bespoke page gives its menu label in en, de, fr and pt', () => {
    const missing = customPages.flatMap((page) =>
      (['en', 'de', 'fr', 'pt'] as const)
        .filter((lang) => !page.labels?.[lang]?.trim())
        .map((lang) => `${page.path}:${lang}`),
    );
    expect(missing).toEqual([]);
  });

  it('the menu really changes language', async () => {
    expect(valueAt(await loadMessages('es'), 'resources.Marca.name')).toBe('Marca |||| Marcas');
    expect(valueAt(await loadMessages('en'), 'resources.Marca.name')).toBe('Brand |||| Brands');
    expect(valueAt(await loadMessages('de'), 'resources.usuarios.name')).toBe('Benutzer |||| Benutzer');
    expect(valueAt(await loadMessages('fr'), 'pim.menu.usuarios')).toBe('Utilisateurs');
    expect(valueAt(await loadMessages('pt'), 'pim.pages.matriz-permisos')).toBe('Matriz de permissões');
    expect(valueAt(await loadMessages('es'), 'pim.pages.matriz-permisos')).toBe('Matriz de permisos');
  });
});

describe('bespoke page labels under pim.pages.<path>', () => {
  const pages = [
    { path: 'uno', label: 'Uno', labels: { en: 'One', de: '  ' } },
    { path: 'dos', label: 'Dos' },
  ];
  it('Spanish from label, others from labels, Spanish when a language has none', () => {
    expect(pageMessages('es', pages)).toEqual({ pim: { pages: { uno: 'Uno', dos: 'Dos' } } });
    expect(pageMessages('en', pages)).toEqual({ pim: { pages: { uno: 'One', dos: 'Dos' } } });
    expect(pageMessages('de', pages).pim.pages.uno).toBe('Uno');
  });
});

describe('language cookie idioma', () => {
  it.each(['xx', 'klingon', '', '%%%', 'e'])(
    'an unknown value (%j) falls back to es without crashing',
    async (value) => {
      Cookies.set('idioma', value, { path: '/' });
      expect(getLanguage()).toBe('es');
      const i18n = createI18nProvider();
      expect(i18n.getLocale()).toBe('es');
      expect(i18n.translate('ra.action.save')).toBe('Guardar');
    },
  );

  it('a known value is used (case and region ignored)', () => {
    for (const [cookie, language] of [
      ['en', 'en'],
      ['DE', 'de'],
      ['pt-PT', 'pt'],
    ] as [string, Language][]) {
      Cookies.set('idioma', cookie, { path: '/' });
      expect(getLanguage()).toBe(language);
    }
  });

  it('choosing a language stores it and the page says it is in that language', () => {
    setLanguage('FR');
    expect(Cookies.get('idioma')).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
    Cookies.set('idioma', 'de', { path: '/' });
    markDocumentLanguage();
    expect(document.documentElement.lang).toBe('de');
  });
});

describe('page labels reach i18n through registration, not imports', () => {
  it('a page registered after a catalogue was built shows in the next lookup, in every language', async () => {
    expect(valueAt(await loadMessages('en'), 'pim.pages.prueba-registro')).toBeUndefined();
    registerPageLabels([{ path: 'prueba-registro', label: 'Prueba', labels: { en: 'Test', de: 'Probe' } }]);
    expect(valueAt(await loadMessages('en'), 'pim.pages.prueba-registro')).toBe('Test');
    expect(valueAt(await loadMessages('de'), 'pim.pages.prueba-registro')).toBe('Probe');
    expect(valueAt(await loadMessages('es'), 'pim.pages.prueba-registro')).toBe('Prueba');
  });
});
