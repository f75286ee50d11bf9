/**
 * The company an integration call works on: `?empresaId=` (the app's selected company) when the caller may
 * see it; an admin may pick any company, anyone else only their own (403 otherwise). Without the parameter:
 * the caller's company, else 1 (docs/requirements.md#r1-product "selectedEmpresaId, default 1").
 */
import { HttpErrors } from '@loopback/rest';
import type { CompanyAccess } from '../auth/keys';
import { forbiddenCompany } from '../company';

export function companyFor(access: CompanyAccess, requested?: number | string): number {
  const given = requested === undefined || requested === '' ? undefined : Number(requested);
  if (given !== undefined && (!Number.isInteger(given) || given < 1)) {
    throw Object.assign(new HttpErrors.BadRequest('empresaId no válido'), {
      code: 'INVALID_PARAMETER_VALUE',
    });
  }
  if (access.admin) return given ?? access.empresaId ?? 1;
  if (access.empresaId === null) throw forbiddenCompany();
  if (given !== undefined && given !== access.empresaId) throw forbiddenCompany();
  return access.empresaId;
}

/** 424 (the ERP failed the request) with the ERP's reason: a 4xx keeps its message up to the app. */
export function erpFailure(reason: string, status: number): Error {
  return Object.assign(new HttpErrors.FailedDependency(reason), {
    code: status === 0 ? 'ERP_UNAVAILABLE' : 'ERP_ERROR',
    details: { erpStatus: status },
  });
}
