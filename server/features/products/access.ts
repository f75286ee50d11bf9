/**
 * Company isolation for the product endpoints. Product child tables (producto-generals, producto-atributos,
 * producto-multimedias, ProductoIconos, producto-datos-catalogo…) carry no empresaId: a child is visible when
 * its parent product is. Rows the caller may not see answer 404 ENTITY_NOT_FOUND, as the generated routes do.
 */
import { EntityNotFoundError } from '@loopback/repository';
import { HttpErrors } from '@loopback/rest';
import type { CompanyAccess } from '../../auth/keys';
import { FORBIDDEN_COMPANY, visibleWhere } from '../../company';
import type { ResourceName } from '../../../src/resources/registry';
import type { PlainRow, RepositorySet, StoredRecord } from '../../repository-set';

/** Whether the caller may see rows of company `empresaId`. */
export const seesCompany = (access: CompanyAccess, empresaId: unknown): boolean =>
  access.admin || (access.empresaId !== null && Number(empresaId) === access.empresaId);

/** The product `id` when the caller may see it; 404 otherwise (also for a malformed id). */
export async function visibleProduct(
  repos: RepositorySet,
  access: CompanyAccess,
  id: unknown,
): Promise<StoredRecord<'productos'>> {
  const numeric = Number(id);
  if (!Number.isInteger(numeric) || numeric <= 0) throw new EntityNotFoundError('Producto', String(id));
  const [found] = await repos.repository('productos').find({ where: { id: numeric }, limit: 1 });
  if (!found || !seesCompany(access, found.empresaId)) throw new EntityNotFoundError('Producto', numeric);
  return found.toObject();
}

/** The product named `nombre` of company `empresaId`; 403 for a company the caller may not see, 404 if none. */
export async function productByName(
  repos: RepositorySet,
  access: CompanyAccess,
  empresaId: number,
  nombre: string,
): Promise<StoredRecord<'productos'>> {
  if (!seesCompany(access, empresaId)) throw new HttpErrors.Forbidden(FORBIDDEN_COMPANY);
  const [found] = await repos.repository('productos').find({ where: { nombre, empresaId }, limit: 1 });
  if (!found) {
    throw Object.assign(
      new HttpErrors.NotFound(`No existe el producto «${nombre}» en la empresa ${empresaId}.`),
      { code: 'ENTITY_NOT_FOUND' },
    );
  }
  return found.toObject();
}

/** The where clause restricting a company-scoped resource to what the caller may see (undefined: all). */
export const companyWhere = (access: CompanyAccess, field = 'empresaId') => visibleWhere(access, field);

/** Plain objects of the rows of a child resource for some products (typed when the resource is named). */
export async function childRows<N extends ResourceName>(
  repos: RepositorySet,
  resource: N,
  field: string,
  productIds: readonly number[],
  order?: string[],
): Promise<StoredRecord<N>[]>;
export async function childRows(
  repos: RepositorySet,
  resource: string,
  field: string,
  productIds: readonly number[],
  order?: string[],
): Promise<PlainRow[]>;
export async function childRows(
  repos: RepositorySet,
  resource: string,
  field: string,
  productIds: readonly number[],
  order?: string[],
): Promise<PlainRow[]> {
  if (!productIds.length) return [];
  const where = productIds.length === 1 ? { [field]: productIds[0] } : { [field]: { inq: [...productIds] } };
  const rows = await repos.repository(resource).find({ where, ...(order ? { order } : {}) });
  return rows.map((row) => row.toObject() as PlainRow);
}
