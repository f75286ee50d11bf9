/**
 * The company selector: lists `empresas`, stores the choice in localStorage `selectedEmpresaId` (read by the
 * data provider), empties every list selection (ids of the previous company must not be bulk-edited from the
 * new one) and invalidates every cached query so all data re-scopes to the new company.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useEffect, useState, type ChangeEvent } from 'react';
import { useGetList, useRefresh, useStoreContext, useTranslate, type Store } from 'react-admin';
import { SMALL_FIELD_PLACE } from '../resources/generic/fieldPlace';
import { QUIET_RETRY } from '../resources/generic/quietRetry';
import { allSchemas } from '../resources/registry';
import { getSelectedEmpresaId, SELECTED_EMPRESA_KEY, setSelectedEmpresaId } from '../dataProvider/company';

const STORE_PREFIX = 'RaStore.';
const SELECTION = /\.selectedIds$/;

/**
 * Clears every list selection kept in react-admin's store (`<resource or storeKey>.selectedIds`): those of every
 * resource, and any other selection key found in the persisted store.
 */
export const clearSelections = (
  store: Store,
  resources: readonly string[] = allSchemas().map((schema) => schema.name),
  storage: Storage | undefined = typeof localStorage === 'undefined' ? undefined : localStorage,
): void => {
  const keys = new Set(resources.map((name) => `${name}.selectedIds`));
  for (let index = 0; storage && index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key?.startsWith(STORE_PREFIX) && SELECTION.test(key)) keys.add(key.slice(STORE_PREFIX.length));
  }
  for (const key of keys) store.removeItem(key);
};

/** The selector's place in the bar: a small field at least this wide. */
const PLACE = { minWidth: 200, mx: 1 } as const;

/** An empty box of the selector's size, for the moment before it renders: the bar keeps its height. */
export const CompanySelectorPlace = () => <Box sx={{ ...PLACE, ...SMALL_FIELD_PLACE }} />;

export const CompanySelector = () => {
  const translate = useTranslate();
  const refresh = useRefresh();
  const store = useStoreContext();
  const [selected, setSelected] = useState(getSelectedEmpresaId);
  const { data, error, refetch } = useGetList(
    'empresas',
    { pagination: { page: 1, perPage: 100 }, sort: { field: 'nombre', order: 'ASC' } },
    QUIET_RETRY,
  );
  // Another tab chose a company: this one follows (its next requests already use it), selections emptied.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== SELECTED_EMPRESA_KEY) return;
      setSelected(getSelectedEmpresaId());
      clearSelections(store);
      refresh();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [store, refresh]);
  if (error && !data) {
    return (
      <Button size="small" color="warning" onClick={() => void refetch()} sx={{ mx: 1 }}>
        {translate('pim.company.load_error')}
      </Button>
    );
  }
  if (data?.length === 0) return null;
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const id = Number(event.target.value);
    if (id === selected) return;
    setSelectedEmpresaId(id);
    setSelected(id);
    clearSelections(store);
    refresh();
  };
  // while the companies load, the same field, disabled and empty: the bar does not grow when they arrive
  return (
    <TextField
      select
      size="small"
      label={translate('pim.company.label')}
      value={data?.some((empresa) => empresa.id === selected) ? selected : ''}
      disabled={!data}
      onChange={onChange}
      sx={PLACE}
      slotProps={{ htmlInput: { 'data-testid': 'company-selector' } }}
    >
      {(data ?? []).map((empresa) => (
        <MenuItem key={empresa.id} value={empresa.id}>
          {empresa.nombre}
        </MenuItem>
      ))}
    </TextField>
  );
};
