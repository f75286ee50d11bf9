/**
 * Resources with one record per company (e.g. the global parameters, whose minutosCierreSesion sets the
 * session time-out of the company): declared by making the company field unique
 * (`{ ...empresaId(), unique: true }`), which the reference API enforces (422 ER_DUP_ENTRY). The list then
 * offers no «Crear» once the company has its record, and a create form refuses to save a second one (the
 * form keeps what was typed) with a message saying to edit the existing record instead.
 */
import { useMemo } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import type { ResourceSchema } from '../types';
import type { SaveGuard } from './saveGuard';

/** Whether the schema holds at most one record per company (its company field is unique). */
export const isOnePerCompany = (schema: Pick<ResourceSchema, 'companyField' | 'fields'>): boolean =>
  Boolean(
    schema.companyField &&
    schema.fields.some((field) => field.name === schema.companyField && field.unique === true),
  );

export const onePerCompanyMessage = (schema: Pick<ResourceSchema, 'label'>): string =>
  `Esta empresa ya tiene un registro de «${schema.label}»: edite el existente en lugar de crear otro.`;

/** The create form's check: refuses when the selected company already has its record. */
export const useOnePerCompanyGuard = (schema: ResourceSchema): SaveGuard => {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  return useMemo(
    () => ({
      async check(_values, previous) {
        if (previous?.id !== undefined && previous.id !== null) return undefined;
        const { total, data } = await dataProvider.getList(schema.name, {
          pagination: { page: 1, perPage: 1 },
          sort: schema.sort,
          filter: {},
        });
        if (!(total ?? data.length)) return undefined;
        const message = onePerCompanyMessage(schema);
        notify(message, { type: 'warning', messageArgs: { _: message } });
        return { cancel: true };
      },
    }),
    [dataProvider, notify, schema],
  );
};
