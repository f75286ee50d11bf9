import { contains, defineResource, empresaId, id, str } from '../fields';

export const gruposAtributos = defineResource({
  name: 'grupos-atributos',
  model: 'GrupoAtributos',
  label: 'Grupo de atributos',
  labelPlural: 'Grupos de atributos',
  names: {
    en: ['Attribute group', 'Attribute groups'],
    de: ['Attributgruppe', 'Attributgruppen'],
    fr: ["Groupe d'attributs", "Groupes d'attributs"],
    pt: ['Grupo de atributos', 'Grupos de atributos'],
  },
  table: 'grupos_atributos',
  naturalKeys: [['codigo'], ['nombre']],
  companyField: 'empresaId',
  fields: [
    id(),
    empresaId(),
    str('nombre', 'Nombre', { required: true, maxLength: 255 }),
    str('codigo', 'Código', { maxLength: 50, uniqueWith: ['empresaId'] }),
  ],
  filters: [
    contains('nombre', 'Nombre', { alwaysOn: true }),
    contains('codigo', 'Código', { alwaysOn: true }),
  ],
  menu: { group: 'catalogo', icon: 'Workspaces' },
  refreshFlag: 'actualizar_GrupoAtributos',
  messages: {
    created: 'Grupo atributo creado',
    updated: 'Grupo atributo actualizado',
    deleted: 'Grupo atributo eliminado',
    deletedMany: '%{smart_count} grupos de atributos eliminados',
  },
});
