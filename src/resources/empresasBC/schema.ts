import { defineResource, id, ref, refFilter, str } from '../fields';

/** Link between a company and an ERP (Business Central) brand; brand name and code are joined in. */
export const empresasBC = defineResource({
  name: 'EmpresasBC',
  model: 'EmpresaBC',
  label: 'Enlace con BC',
  labelPlural: 'Enlaces empresa–BC',
  names: {
    en: ['BC link', 'Company–BC links'],
    de: ['BC-Verknüpfung', 'Unternehmen–BC-Verknüpfungen'],
    fr: ['Lien BC', 'Liens entreprise–BC'],
    pt: ['Ligação BC', 'Ligações empresa–BC'],
  },
  companyVia: { field: 'idEmpresa', parent: 'empresas' },
  fields: [
    id(),
    ref('idEmpresa', 'Empresa', 'empresas', { required: true }),
    ref('idMarca', 'Marca', 'Marca', { required: true }),
    str('nombreMarca', 'Nombre de la marca', { readOnly: true }),
    str('codigoMarca', 'Código de la marca', { readOnly: true }),
  ],
  sort: { field: 'id', order: 'ASC' },
  filters: [refFilter('idEmpresa', 'Empresa', 'empresas', { alwaysOn: true })],
  menu: { group: 'empresas', icon: 'Link' },
});
