import { ATTRIBUTE_TYPE_LABELS, ATTRIBUTE_TYPES } from '../../core/attributeValues';
import { contains, defineResource, empresaId, id, int, ref, refFilter, str } from '../fields';

export const atributos = defineResource({
  name: 'atributos',
  model: 'Atributo',
  label: 'Atributo',
  labelPlural: 'Atributos',
  names: {
    en: ['Attribute', 'Attributes'],
    de: ['Attribut', 'Attribute'],
    fr: ['Attribut', 'Attributs'],
    pt: ['Atributo', 'Atributos'],
  },
  table: 'atributos',
  naturalKeys: [['nombre']],
  companyField: 'empresaId',
  fields: [
    id(),
    empresaId(),
    str('nombre', 'Nombre', { required: true, maxLength: 255 }),
    str('unidad', 'Unidad', { maxLength: 50 }),
    // the type of the products' values, validated and normalised on save (src/core/attributeValues.ts).
    str('tipo', 'Tipo de valor', {
      choices: ATTRIBUTE_TYPES,
      choiceLabels: ATTRIBUTE_TYPE_LABELS,
      default: 'texto',
    }),
    // for tipo 'lista': the values a product may hold, as an icon's posiblesValores.
    str('posiblesValores', 'Valores posibles (separados por comas)', { maxLength: 2000 }),
    // the names of the company's categories and subcategories: picked from them, unknown ones refused
    // (src/core/references.ts: the form, the API and the import).
    str('categorias', 'Categorías (separadas por comas)', {
      maxLength: 2000,
      namesOf: { reference: 'categorias', mustExist: true },
    }),
    ref('grupoAtributosId', 'Grupo de atributos', 'grupos-atributos'),
    str('valorDefecto', 'Valor por defecto', { maxLength: 255 }),
    int('codigo', 'Código', { importAs: 'integer' }),
  ],
  search: ['nombre'],
  // docs/requirements.md#r2-screens: filters searchNombre and grupoAtributos.
  filters: [
    contains('searchNombre', 'Nombre', { field: 'nombre', alwaysOn: true }),
    refFilter('grupoAtributos', 'Grupo de atributos', 'grupos-atributos', {
      field: 'grupoAtributosId',
      alwaysOn: true,
    }),
  ],
  // docs/requirements.md#r5-validation: codigo becomes an integer (the import's normalizeRow (the fields' importAs)).
  normalizeOnSave: true,
  menu: { group: 'catalogo', icon: 'ListAlt' },
  messages: { deleted: 'Atributo eliminado', deletedMany: '%{smart_count} atributos eliminados' },
});
