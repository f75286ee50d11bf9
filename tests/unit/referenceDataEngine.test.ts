/**
 * Pure parts of the generic engine and the reference-data screens added for issue 4's audit: menu icons of
 * every declaration (and of the README example), comma lists of names (attribute categories), what is left
 * after a failed category removal, the ERP refusal warning of products per range, one record per company,
 * plural bulk-delete toasts, and the toast kept across a reload.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createI18nProvider } from '../../src/i18n';
import { messagesForResource } from '../../src/i18n/resourceMessages';
import {
  productsText,
  removalFailureMessage,
  removeFromProducts,
} from '../../src/resources/atributos/categoryRemoval';
import { iconFor, ICONS, isIconName } from '../../src/resources/generic/icons';
import { completions, nameKey, splitNames, unknownNames, unknownNamesWarning } from '../../src/core/nameList';
import { isOnePerCompany, onePerCompanyMessage } from '../../src/resources/generic/onePerCompany';
import {
  bulkDeletedMessage,
  keepNoticeForReload,
  PENDING_NOTICE_KEY,
  takeNoticeAfterReload,
} from '../../src/resources/generic/reloadOnDelete';
import { erpRefusalMessage } from '../../src/resources/productosPorRango/erpRefusal';
import { registry, schemaFor } from '../../src/resources/registry';
import { almacenes } from '../support/almacenes';

const root = path.resolve(__dirname, '../..');

describe('menu icons', () => {
  it('every declared resource names an icon of the map', () => {
    const unknown = [...registry, almacenes]
      .filter((schema) => !isIconName(schema.menu.icon))
      .map((schema) => `${schema.name}: ${schema.menu.icon}`);
    expect(unknown).toEqual([]);
  });

  it("the README's worked example names an icon of the map", () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Add a resource by declaration'));
    const icons = [...section.matchAll(/icon: '([^']+)'/g)].map((match) => match[1]);
    expect(icons.length).toBeGreaterThan(0);
    expect(icons.filter((name) => !isIconName(name))).toEqual([]);
    expect(icons).toContain('Warehouse');
  });

  it('an unknown name is reported as unknown (and only falls back at run time)', () => {
    expect(isIconName('NoExiste')).toBe(false);
    expect(isIconName('toString')).toBe(false);
    expect(iconFor('NoExiste')).toBe(ICONS.ViewList);
    expect(iconFor('Warehouse')).toBe(ICONS.Warehouse);
  });
});

describe('lists of names (an attribute’s categories)', () => {
  const known = ['Taladros', 'Sierras', 'Jardín', 'Cortacéspedes', 'Herramientas eléctricas'];

  it('splits on commas and semicolons; compares ignoring case, accents and spaces', () => {
    expect(splitNames(' Taladros ,Sierras;; Jardín ')).toEqual(['Taladros', 'Sierras', 'Jardín']);
    expect(splitNames(null)).toEqual([]);
    expect(nameKey(' JARDIN ')).toBe(nameKey('Jardín'));
  });

  it('finds the names that are not known, each once, as typed', () => {
    expect(unknownNames('taladros, JARDIN', known)).toEqual([]);
    expect(unknownNames('Taladros,Taladors, Martillos,taladors', known)).toEqual(['Taladors', 'Martillos']);
    expect(unknownNamesWarning(['Taladors'], 'Categorías')).toBe(
      '«Taladors» no existe en Categorías: se guardará igualmente.',
    );
    expect(unknownNamesWarning(['Taladors', 'Martillos'], 'Categorías')).toBe(
      '«Taladors», «Martillos» no existen en Categorías: se guardará igualmente.',
    );
    expect(unknownNamesWarning([], 'Categorías')).toBeUndefined();
  });

  it('completes the name being typed, those starting with it first, not the ones already listed', () => {
    expect(completions('Taladros, s', known)).toEqual([
      { name: 'Sierras', value: 'Taladros, Sierras' },
      { name: 'Cortacéspedes', value: 'Taladros, Cortacéspedes' },
      { name: 'Herramientas eléctricas', value: 'Taladros, Herramientas eléctricas' },
    ]);
    expect(completions('Sierras,jard', known)).toEqual([{ name: 'Jardín', value: 'Sierras,Jardín' }]);
    expect(completions('', known).map((c) => c.name)).toEqual([
      'Cortacéspedes',
      'Herramientas eléctricas',
      'Jardín',
      'Sierras',
      'Taladros',
    ]);
    expect(completions('Taladros,', known).map((c) => c.name)).not.toContain('Taladros');
    expect(completions('x', known, 2)).toEqual([]);
  });
});

describe('removing an attribute from the products of removed categories', () => {
  it('skips categories without products, goes on after a failure and says what is left', async () => {
    const done: string[] = [];
    const failures = await removeFromProducts(
      [
        { categoria: 'Taladros', count: 2 },
        { categoria: 'Vacía', count: 0 },
        { categoria: 'Sierras', count: 1 },
        { categoria: 'Jardín', count: 3 },
      ],
      async (categoria) => {
        if (categoria !== 'Sierras') throw new Error('Tiempo de espera agotado');
        done.push(categoria);
      },
      (error) => (error as Error).message,
    );
    expect(done).toEqual(['Sierras']);
    expect(failures).toEqual([
      { categoria: 'Taladros', count: 2, reason: 'Tiempo de espera agotado' },
      { categoria: 'Jardín', count: 3, reason: 'Tiempo de espera agotado' },
    ]);
    expect(removalFailureMessage(failures)).toBe(
      'El atributo se guardó sin las categorías «Taladros» (2 productos), «Jardín» (3 productos), pero no se ' +
        'pudieron quitar sus valores de esos productos (Tiempo de espera agotado). Los productos siguen ' +
        'teniendo el valor: pulse «Reintentar» para quitarlo.',
    );
    expect(productsText(1)).toBe('1 producto');
  });
});

describe('products per range: the ERP refusal kept on the row', () => {
  it('warns with the reason, says nothing when the ERP accepted it', () => {
    expect(erpRefusalMessage({ motivoErrorSincroConBC: 'El ERP rechazó SKU-1' })).toBe(
      'Producto por rango guardado, pero el ERP no lo aceptó: El ERP rechazó SKU-1',
    );
    expect(erpRefusalMessage({ motivoErrorSincroConBC: null })).toBeUndefined();
    expect(erpRefusalMessage({ motivoErrorSincroConBC: '  ' })).toBeUndefined();
    expect(erpRefusalMessage(undefined)).toBeUndefined();
  });
});

describe('one record per company', () => {
  it('is declared by a unique company field (global parameters), not by company-unique codes', () => {
    expect(isOnePerCompany(schemaFor('parametrosGlobales')!)).toBe(true);
    expect(isOnePerCompany(schemaFor('Marca')!)).toBe(false);
    expect(isOnePerCompany(schemaFor('catalogos')!)).toBe(false);
    expect(onePerCompanyMessage(schemaFor('parametrosGlobales')!)).toBe(
      'Esta empresa ya tiene un registro de «Parámetros globales»: edite el existente en lugar de crear otro.',
    );
  });
});

describe('bulk delete toasts in the plural', () => {
  it('composes singular |||| plural from the schema, else the generic plural', () => {
    expect(messagesForResource(schemaFor('Marca')!, 'es').notifications.deletedMany).toBe(
      'Marca eliminada |||| %{smart_count} marcas eliminadas',
    );
    expect(messagesForResource(schemaFor('traducciones')!, 'es').notifications.deletedMany).toBe(
      'Registro eliminado correctamente!! |||| %{smart_count} registros eliminados correctamente!!',
    );
    expect(messagesForResource(schemaFor('Marca')!, 'en').notifications.deletedMany).toBe(
      'Record deleted |||| %{smart_count} records deleted',
    );
    expect(bulkDeletedMessage('Marca')).toBe('resources.Marca.notifications.deletedMany');
  });

  it('reads as the number of rows', () => {
    const i18n = createI18nProvider('es');
    const key = bulkDeletedMessage('Marca');
    expect(i18n.translate(key, { smart_count: 5 })).toBe('5 marcas eliminadas');
    expect(i18n.translate(key, { smart_count: 1 })).toBe('Marca eliminada');
    expect(i18n.translate(bulkDeletedMessage('Clubs'), { smart_count: 2 })).toBe('2 clubs eliminados');
  });
});

describe('a toast kept across a page reload', () => {
  it('is taken once, and an unreadable one is dropped', () => {
    keepNoticeForReload({ message: 'resources.Plantilla.notifications.deleted', smartCount: 1 });
    expect(takeNoticeAfterReload()).toEqual({
      message: 'resources.Plantilla.notifications.deleted',
      smartCount: 1,
    });
    expect(takeNoticeAfterReload()).toBeUndefined();
    sessionStorage.setItem(PENDING_NOTICE_KEY, '{roto');
    expect(takeNoticeAfterReload()).toBeUndefined();
    expect(sessionStorage.getItem(PENDING_NOTICE_KEY)).toBeNull();
  });
});
