/**
 * Values checked against other records on every write through the API (the product editor checks the same
 * rules in the form, the CSV import in its preview): a product icon's text must be one of its icon's
 * posiblesValores when the icon declares any (src/core/iconValues.ts); a product's attribute value must be a
 * value of its attribute's type and is stored normalised (src/core/attributeValues.ts: numbers the Spanish way,
 * sí/no as S/N, one of the list's values, dates as aaaa-mm-dd); an attribute declares the values of a list and
 * a default value of its type. 422 on the field otherwise.
 */
import { attributeDeclarationErrors, readAttributeValue } from '../../src/core/attributeValues';
import { iconValueError } from '../../src/core/iconValues';
import type { Feature } from '../feature';
import type { RepositorySet, StoredEntity, StoredRecord } from '../repository-set';
import { fieldErrors } from '../write-rules';

export function iconValueRule(repos: RepositorySet) {
  const iconos = repos.repository('Iconos');
  return {
    async beforeWrite(row: StoredEntity<'ProductoIconos'>): Promise<void> {
      if (row.idIcono === null || row.idIcono === undefined) return;
      const icon = await iconos.findOne({ where: { id: row.idIcono } });
      if (!icon) return;
      const error = iconValueError(String(icon.nombre ?? ''), icon.posiblesValores, row.texto);
      if (error) throw fieldErrors({ texto: error }, 'iconValue');
    },
  };
}

export function attributeValueRule(repos: RepositorySet) {
  const atributos = repos.repository('atributos');
  return {
    async beforeWrite(
      row: StoredEntity<'producto-atributos'>,
      given?: StoredRecord<'producto-atributos'>,
    ): Promise<void> {
      if (row.atributoId === null || row.atributoId === undefined || typeof row.valor !== 'string') return;
      // a value the stored row already held is kept (a write that changes another field, such as the
      // attribute's name carried by a rename, is not refused for a value stored before the rule)
      const stored =
        given ??
        (row.id === null || row.id === undefined
          ? undefined
          : (await repos.repository('producto-atributos').findOne({ where: { id: row.id } }))?.toObject());
      if (stored && stored.valor === row.valor && stored.atributoId === row.atributoId) return;
      const attribute = await atributos.findOne({ where: { id: row.atributoId } });
      if (!attribute) return;
      const reading = readAttributeValue(attribute, row.valor);
      if (!reading.ok) throw fieldErrors({ valor: reading.error }, 'attributeValue');
      // stored as the rule writes it ('sí' → 'S', '25/12/2024' → '2024-12-25'); blank stays as sent
      if (reading.value !== '') row.valor = reading.value;
    },
  };
}

/**
 * An attribute of a list declares its values; its default value is a value of its type (normalised). Checked
 * when the write changes the type, the values or the default (a rename or a category change of an attribute
 * declared before the rule is not refused).
 */
export function attributeDeclarationRule(repos: RepositorySet) {
  return {
    async beforeWrite(row: StoredEntity<'atributos'>): Promise<void> {
      // the stored row of an update or replace (it carries its id); none for a create
      const stored =
        row.id === null || row.id === undefined
          ? undefined
          : (await repos.repository('atributos').findOne({ where: { id: row.id } }))?.toObject();
      const same = (field: 'tipo' | 'posiblesValores' | 'valorDefecto') =>
        stored !== undefined && (stored[field] ?? null) === (row[field] ?? null);
      if (same('tipo') && same('posiblesValores') && same('valorDefecto')) return;
      const errors = attributeDeclarationErrors(row);
      if (Object.keys(errors).length) throw fieldErrors(errors, 'attributeType');
      const reading = readAttributeValue(row, row.valorDefecto);
      if (reading.ok && reading.value !== '') row.valorDefecto = reading.value;
    },
  };
}

export const feature: Feature = {
  name: 'integrity-values',
  register: ({ repositories }) => {
    if (repositories.repositories.has('ProductoIconos')) {
      repositories.repository('ProductoIconos').addHooks(iconValueRule(repositories));
    }
    if (repositories.repositories.has('atributos')) {
      repositories.repository('atributos').addHooks(attributeDeclarationRule(repositories));
    }
    if (repositories.repositories.has('producto-atributos')) {
      repositories.repository('producto-atributos').addHooks(attributeValueRule(repositories));
    }
  },
};
