/**
 * The products-per-range forms' after-save check: the saved row is read back and, if the ERP refused it, the
 * person is told instead of the plain success toast (the range is saved, the ERP does not have it).
 */
import { useCallback } from 'react';
import { useDataProvider, type RaRecord } from 'react-admin';
import type { SavedNotice } from '../generic/savedNotice';
import { erpRefusalMessage } from './erpRefusal';

export const useErpNotice = (): SavedNotice => {
  const dataProvider = useDataProvider();
  return useCallback(
    async (saved: RaRecord) => {
      const { data } = await dataProvider.getOne('ProductosPorRango', { id: saved.id });
      return erpRefusalMessage(data);
    },
    [dataProvider],
  );
};
