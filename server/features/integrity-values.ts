/**
 * Values checked against other records on every write through the API (the product editor checks the same
 * rules in the form): a product icon's text must be one of its icon's posiblesValores when the icon declares
 * any (src/core/iconValues.ts); a product's value of a numeric attribute must read as a number (Spanish marks;
 * the editor stores it the Spanish way, src/core/attributeValues.ts). 422 on the field otherwise.
 */
import type { AnyObject } from '@loopback/repository';
import { attributeValueError } from '../../src/core/attributeValues';
import { iconValueError } from '../../src/core/iconValues';
import type { Feature } from '../feature';
import type { RepositorySet } from '../repository-set';
import { fieldErrors } from '../write-rules';

export function iconValueRule(repos: RepositorySet) {
  const iconos = repos.repository('Iconos');
  return {
    async beforeWrite(row: AnyObject): Promise<void> {
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
    async beforeWrite(row: AnyObject): Promise<void> {
      if (row.atributoId === null || row.atributoId === undefined || typeof row.valor !== 'string') return;
      const attribute = await atributos.findOne({ where: { id: row.atributoId } });
      if (!attribute) return;
      const error = attributeValueError({ nombre: attribute.nombre, tipo: attribute.tipo }, row.valor);
      if (error) throw fieldErrors({ valor: error }, 'attributeValue');
    },
  };
}

export const feature: Feature = {
  name: 'integrity-values',
  register: ({ repositories }) => {
    if (repositories.repositories.has('ProductoIconos')) {
      repositories.repository('ProductoIconos').addHooks(iconValueRule(repositories));
    }
    if (repositories.repositories.has('producto-atributos')) {
      repositories.repository('producto-atributos').addHooks(attributeValueRule(repositories));
    }
  },
};
