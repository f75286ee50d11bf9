/**
 * The company selector: lists `empresas`, stores the choice in localStorage `selectedEmpresaId` (read by the
 * data provider) and invalidates every cached query so lists re-scope to the new company.
 */
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState, type ChangeEvent } from 'react';
import { useGetList, useRefresh, useTranslate } from 'react-admin';
import { getSelectedEmpresaId, setSelectedEmpresaId } from './empresa';

export const CompanySelector = () => {
  const translate = useTranslate();
  const refresh = useRefresh();
  const [selected, setSelected] = useState(getSelectedEmpresaId);
  const { data } = useGetList('empresas', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'nombre', order: 'ASC' },
  });
  if (!data || data.length === 0) return null;
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const id = Number(event.target.value);
    setSelectedEmpresaId(id);
    setSelected(id);
    refresh();
  };
  return (
    <TextField
      select
      size="small"
      label={translate('pim.company.label')}
      value={data.some((empresa) => empresa.id === selected) ? selected : ''}
      onChange={onChange}
      sx={{ minWidth: 200, mx: 1 }}
      slotProps={{ htmlInput: { 'data-testid': 'company-selector' } }}
    >
      {data.map((empresa) => (
        <MenuItem key={empresa.id} value={empresa.id}>
          {empresa.nombre}
        </MenuItem>
      ))}
    </TextField>
  );
};
