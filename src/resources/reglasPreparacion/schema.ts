import { RULE_TYPES } from '../../core/readiness/score';
import { contains, defineResource, empresaId, id, ref, refFilter, str } from '../fields';

/**
 * What a marketplace asks of a product before it can go there (src/core/readiness/score.ts): a required field
 * of the product or its general data, a required attribute (by name), a principal image, a valid GTIN, or the
 * generated texts of its prompts reviewed — each optionally only for the products of a category (its code;
 * subcategories count) or a family (its name). Marketplaces are shared by every company; a rule belongs to one
 * company (`empresaId`: its products only; a user's rules are their company's) or, left empty by an admin, to
 * every company. Renaming a family or an attribute, or changing a category's code, rewrites the rules naming
 * it of the renaming company only (server/features/readiness/renames.ts). A change recomputes the scores of
 * every product (a tracked job: trabajos-preparacion).
 */
export const reglasPreparacion = defineResource({
  name: 'reglas-preparacion',
  model: 'ReglaPreparacion',
  label: 'Regla de preparación',
  labelPlural: 'Reglas de preparación',
  names: {
    en: ['Readiness rule', 'Readiness rules'],
    de: ['Vollständigkeitsregel', 'Vollständigkeitsregeln'],
    fr: ['Règle de complétude', 'Règles de complétude'],
    pt: ['Regra de preparação', 'Regras de preparação'],
  },
  // each company declares what a marketplace needs
  seeded: false,
  companyField: 'empresaId',
  fields: [
    id(),
    // empty (an admin's choice): every company's products
    empresaId(),
    ref('marketplaceId', 'Marketplace', 'MarketPlaces', { required: true, referenceLabel: 'codigo' }),
    str('tipo', 'Qué exige', { required: true, choices: RULE_TYPES, default: 'campo' }),
    // the field's name (tipo campo: 'titulo', 'marca', 'descripcion'…) or the attribute's (tipo atributo)
    str('campo', 'Campo o atributo', { maxLength: 255 }),
    str('categoriaCodigo', 'Solo en la categoría (código)', { maxLength: 50 }),
    // the family's name: renaming the family renames it here too (server/features/readiness/renames.ts)
    str('familia', 'Solo en la familia', { maxLength: 255, namesOf: { reference: 'familias', one: true } }),
  ],
  sort: { field: 'marketplaceId', order: 'ASC' },
  filters: [
    refFilter('marketplaceId', 'Marketplace', 'MarketPlaces', { alwaysOn: true }),
    contains('campo', 'Campo o atributo'),
  ],
  menu: { group: 'marketplaces', icon: 'FactCheck' },
  messages: {
    created: 'Regla de preparación creada: se recalcula la preparación de los productos',
    updated: 'Regla de preparación actualizada: se recalcula la preparación de los productos',
    deleted: 'Regla de preparación eliminada: se recalcula la preparación de los productos',
  },
});
