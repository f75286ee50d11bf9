import { ROOT_CODE } from '../../core/categoryTree';
import { contains, defineResource, empresaId, id, q, str } from '../fields';

/**
 * Two-level tree: `padre` is the parent's codigo; the root's codigo is 'master' (docs/requirements.md#r3-entities, #r9-constants). The list is a
 * tree (views.tsx); codes are unique within a company, and the API keeps the tree two levels deep.
 */
export const categorias = defineResource({
  name: 'categorias',
  model: 'Categoria',
  label: 'Categoría',
  labelPlural: 'Categorías',
  names: {
    en: ['Category', 'Categories'],
    de: ['Kategorie', 'Kategorien'],
    fr: ['Catégorie', 'Catégories'],
    pt: ['Categoria', 'Categorias'],
  },
  table: 'categorias',
  naturalKeys: [['codigo']],
  companyField: 'empresaId',
  fields: [
    id(),
    empresaId(),
    str('codigo', 'Código', { required: true, maxLength: 50, uniqueWith: ['empresaId'] }),
    str('padre', 'Categoría padre (código)', { maxLength: 50, default: ROOT_CODE }),
    str('nombre', 'Nombre', { required: true, maxLength: 255 }),
  ],
  search: ['nombre', 'codigo'],
  filters: [q(), contains('padre', 'Padre')],
  menu: { group: 'catalogo', icon: 'AccountTree' },
  messages: {
    created: 'Categoría creada',
    updated: 'Categoría actualizada',
    deleted: 'Categoría eliminada',
    deletedMany: '%{smart_count} categorías eliminadas',
  },
});
