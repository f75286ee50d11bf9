/**
 * Edit screens of company-scoped resources (docs/requirements.md#r6-roles: "if a loaded product does not belong to the selected company,
 * the selected product is emptied"): a record of another company — opened by URL, or left open when the company
 * selector changes — is not kept on screen: a notice, and back to the list of the selected company.
 * Usage: `<Edit queryOptions={useCompanyGuard(schema)} …>`.
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useNotify, useRedirect, type RaRecord } from 'react-admin';
import { getSelectedEmpresaId, onSelectedEmpresaChange } from '../../dataProvider/company';
import type { ResourceSchema } from '../types';

export const OTHER_COMPANY_MESSAGE =
  'El registro pertenece a otra empresa: se ha vuelto al listado de la empresa seleccionada.';

/** True when the schema is company-scoped and the record names a company other than `empresaId`. */
export const belongsToOtherCompany = (
  schema: Pick<ResourceSchema, 'companyField'>,
  record: Record<string, unknown> | null | undefined,
  empresaId: number,
): boolean => {
  if (!schema.companyField || !record) return false;
  const value = record[schema.companyField];
  if (value === null || value === undefined || value === '') return false;
  return Number(value) !== empresaId;
};

export const useCompanyGuard = <R extends RaRecord = RaRecord>(
  schema: Pick<ResourceSchema, 'companyField' | 'name'>,
): { onSuccess: (record: R) => void } => {
  const notify = useNotify();
  const redirect = useRedirect();
  const shown = useRef<R | null>(null);
  const left = useRef(false);

  const leave = useCallback(() => {
    if (left.current) return;
    left.current = true;
    shown.current = null;
    notify('pim.company.other_company', { type: 'warning', messageArgs: { _: OTHER_COMPANY_MESSAGE } });
    redirect('list', schema.name);
  }, [notify, redirect, schema.name]);

  useEffect(
    () =>
      onSelectedEmpresaChange((empresaId) => {
        if (belongsToOtherCompany(schema, shown.current, empresaId)) leave();
      }),
    [leave, schema],
  );

  return useMemo(
    () => ({
      onSuccess: (record: R) => {
        shown.current = record;
        if (belongsToOtherCompany(schema, record, getSelectedEmpresaId())) leave();
      },
    }),
    [leave, schema],
  );
};
