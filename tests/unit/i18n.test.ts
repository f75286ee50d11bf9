import englishMessages from 'ra-language-english';
import { describe, expect, it } from 'vitest';
import { appMessages } from '../../src/i18n/appMessages';
import spanishMessages from '../../src/i18n/es';
import { loadMessages } from '../../src/i18n/i18nProvider';
import { normalizeLanguage, SUPPORTED_LANGUAGES } from '../../src/i18n/language';
import { registry } from '../../src/resources/registry';
import { brokenPlaceholders, keyPaths, valueAt } from '../support/messages';

describe('Spanish react-admin messages', () => {
  const englishKeys = keyPaths(englishMessages);

  it('has every key path of ra-language-english', () => {
    expect(englishKeys.length).toBeGreaterThan(150);
    const missing = englishKeys.filter((path) => typeof valueAt(spanishMessages, path) !== 'string');
    expect(missing).toEqual([]);
  });

  it('has no key that react-admin does not know', () => {
    const english = new Set(englishKeys);
    expect(keyPaths(spanishMessages).filter((path) => !english.has(path))).toEqual([]);
  });

  it('keeps the placeholders of each English message and uses only those react-admin passes', () => {
    expect(brokenPlaceholders(englishMessages, spanishMessages)).toEqual([]);
  });

  it('the placeholder check names a lost placeholder and one react-admin does not pass', () => {
    const english = { ra: { message: { delete_content: 'Delete this %{name}?', other: 'Edit %{name}' } } };
    const renamed = { ra: { message: { delete_content: '¿Eliminar %{nombre}?', other: 'Editar %{name}' } } };
    const extra = {
      ra: { message: { delete_content: '¿«%{recordRepresentation}» (%{name})?', other: '%{name} %{id}' } },
    };
    expect(brokenPlaceholders(english, renamed)).toEqual(['ra.message.delete_content']);
    expect(brokenPlaceholders(english, extra)).toEqual(['ra.message.other']);
  });

  it('says Obligatorio for required fields', () => {
    expect(spanishMessages.ra.validation.required).toBe('Obligatorio');
  });
});

describe('application messages', () => {
  it('every language has the same app keys', () => {
    const spanishKeys = keyPaths(appMessages.es).sort();
    for (const language of SUPPORTED_LANGUAGES)
      expect(keyPaths(appMessages[language]).sort()).toEqual(spanishKeys);
  });

  it('menu groups in Spanish', () => {
    expect(Object.values(appMessages.es.pim.menu)).toEqual([
      'Catálogo',
      'Productos',
      'Marketplaces',
      'Relaciones',
      'Empresas',
      'Usuarios',
      'Integraciones',
      'Configuración',
    ]);
  });

  it('resource names, field labels and toasts come from the registry', async () => {
    const es = await loadMessages('es');
    for (const schema of registry) {
      expect(valueAt(es, `resources.${schema.name}.name`)).toBe(`${schema.label} |||| ${schema.labelPlural}`);
      for (const field of schema.fields) {
        expect(valueAt(es, `resources.${schema.name}.fields.${field.name}`)).toBe(field.label);
      }
    }
    expect(valueAt(es, 'resources.Marca.notifications.created')).toBe('Marca creada');
    expect(valueAt(es, 'resources.Marca.notifications.deleted')).toBe('Marca eliminada');
    expect(valueAt(es, 'resources.productos.notifications.updated')).toBe(
      'Registro actualizado correctamente!!',
    );
    expect(valueAt(es, 'resources.Tablas.notifications.created')).toBe('Registro creado correctamente!!');
    expect(valueAt(es, 'resources.Tablas.notifications.deleted')).toBe('Registro eliminado correctamente!!');
  });

  it('de and pt are ours, fr uses the French pack, an unknown language is Spanish', async () => {
    expect(valueAt(await loadMessages('de'), 'ra.action.save')).toBe('Speichern');
    expect(valueAt(await loadMessages('pt'), 'ra.action.save')).toBe('Guardar');
    expect(valueAt(await loadMessages('de'), 'pim.menu.catalogo')).toBe('Katalog');
    expect(valueAt(await loadMessages('pt'), 'pim.menu.usuarios')).toBe('Utilizadores');
    expect(valueAt(await loadMessages('fr'), 'ra.action.save')).toBe('Enregistrer');
    expect(valueAt(await loadMessages('xx'), 'ra.action.save')).toBe('Guardar');
  });
});

describe('language cookie value', () => {
  it('defaults to es and rejects unknown values', () => {
    expect(normalizeLanguage(undefined)).toBe('es');
    expect(normalizeLanguage('')).toBe('es');
    expect(normalizeLanguage('xx')).toBe('es');
    expect(normalizeLanguage('fr')).toBe('fr');
    expect(normalizeLanguage('EN')).toBe('en');
    expect(normalizeLanguage('pt-PT')).toBe('pt');
  });
});
