import { contains, defineResource, id, q, str } from '../fields';

export const empresas = defineResource({
  name: 'empresas',
  model: 'Empresa',
  label: 'Empresa',
  labelPlural: 'Empresas',
  names: {
    en: ['Company', 'Companies'],
    de: ['Unternehmen', 'Unternehmen'],
    fr: ['Entreprise', 'Entreprises'],
    pt: ['Empresa', 'Empresas'],
  },
  table: 'empresas',
  naturalKeys: [['codigo']],
  fields: [
    id(),
    str('nombre', 'Nombre', { required: true, maxLength: 255 }),
    str('codigo', 'Código', { required: true, unique: true, maxLength: 50 }),
  ],
  // docs/requirements.md#r2-screens: free text on nombre/codigo, or searchCodigo and searchDescripcion (as languages and marketplaces).
  search: ['nombre', 'codigo'],
  filters: [
    q(),
    contains('searchCodigo', 'Código', { field: 'codigo' }),
    contains('searchDescripcion', 'Nombre', { field: 'nombre' }),
  ],
  menu: { group: 'empresas', icon: 'Business' },
  // docs/requirements.md#r7-api: the company's links to the ERP, limit 20 by idEmpresa, brand name and code joined in by the API.
  children: [
    {
      resource: 'EmpresasBC',
      target: 'idEmpresa',
      label: 'Enlaces con Business Central',
      perPage: 20,
      columns: ['idMarca', 'codigoMarca', 'nombreMarca'],
    },
  ],
  messages: {
    created: 'Empresa creada',
    updated: 'Empresa actualizada',
    deleted: 'Empresa eliminada',
    deletedMany: '%{smart_count} empresas eliminadas',
  },
});
