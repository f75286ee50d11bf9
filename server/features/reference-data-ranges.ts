/**
 * Products per range (spec §5, §7), as rules around the generic ProductosPorRango routes:
 * - a write whose range overlaps another range of the same skuProducto and club (date part only, the app's
 *   own rangesOverlap) is refused with 422 and the message on desdeFecha/hastaFecha; nothing is written;
 * - a create sends the club item to the ERP ('PIMIntegration_ItemClubItems', Acction INSERT with CLUB, SKU,
 *   DesdeFecha, HastaFecha, Nivel) and a delete withdraws it (Acction DELETE with CLUB, SKU, DesdeFecha);
 *   every call is written to logsnavs (INFO, or ERROR with the ERP's reason). An ERP failure never undoes the
 *   save: the log says what to resend.
 * CLUB is the club's nombre and Nivel the range type's `rango` (the records hold ids; the ERP wants names).
 */
import type { AnyObject } from '@loopback/repository';
import {
  ERP_CLUB_ITEMS_ENDPOINT,
  isoDay,
  overlapMessage,
  type ClubItemsPayload,
} from '../../src/custom/referenceData/contract';
import { rangesOverlap, type RangeLike } from '../../src/resources/productosPorRango/overlap';
import { ErpBindings, type ErpAdapter } from '../erp/adapter';
import type { Feature } from '../feature';
import type { RepositorySet } from '../repository-set';
import { fieldErrors } from '../write-rules';

const RESOURCE = 'ProductosPorRango';

const asRange = (row: AnyObject): RangeLike => ({
  id: row.id as number | undefined,
  skuProducto: String(row.skuProducto ?? ''),
  clubId: row.clubId as number,
  desdeFecha: isoDay(row.desdeFecha),
  hastaFecha: isoDay(row.hastaFecha),
});

export function rangeRules(repos: RepositorySet, erp: ErpAdapter) {
  const ranges = repos.repository(RESOURCE);

  const nameOf = async (resource: string, id: unknown, field: string): Promise<string> => {
    if (id === undefined || id === null) return '';
    const [row] = await repos.repository(resource).find({ where: { id }, limit: 1 });
    return row ? String(row[field] ?? '') : String(id);
  };

  const send = async (payload: ClubItemsPayload, registro: string): Promise<void> => {
    const result = await erp.post(ERP_CLUB_ITEMS_ENDPOINT, payload).catch((err: unknown) => ({
      ok: false,
      status: 0,
      error: err instanceof Error ? err.message : String(err),
    }));
    const accion = payload.Acction === 'INSERT' ? 'alta' : 'baja';
    await repos.repository('logsnavs').create({
      tabla: RESOURCE,
      registro: registro.slice(0, 255),
      nivel: result.ok ? 'INFO' : 'ERROR',
      mensaje: result.ok
        ? `${ERP_CLUB_ITEMS_ENDPOINT} (${payload.Acction}): ${accion} del producto en el club enviada a Business Central.`
        : `${ERP_CLUB_ITEMS_ENDPOINT} (${payload.Acction}): error al enviar la ${accion} a Business Central: ${result.error ?? `estado ${result.status}`}`,
    });
  };

  return {
    async beforeWrite(row: AnyObject): Promise<void> {
      const candidate = asRange(row);
      if (!candidate.skuProducto || !candidate.desdeFecha || !candidate.hastaFecha) return;
      const existing = (
        await ranges.find({ where: { skuProducto: candidate.skuProducto, clubId: row.clubId } })
      ).map(asRange);
      const clash = existing.find((range) => rangesOverlap([range], candidate));
      if (clash) {
        const message = overlapMessage(clash);
        throw fieldErrors({ desdeFecha: message, hastaFecha: message }, 'overlap');
      }
    },

    async afterCreate(row: AnyObject): Promise<void> {
      const CLUB = await nameOf('Clubs', row.clubId, 'nombre');
      const SKU = String(row.skuProducto ?? '');
      const Nivel = await nameOf('TiposRango', row.rangoId, 'rango');
      const item = {
        CLUB,
        SKU,
        DesdeFecha: isoDay(row.desdeFecha),
        HastaFecha: isoDay(row.hastaFecha),
        Nivel,
      };
      await send({ Acction: 'INSERT', items: [item] }, `${SKU} · ${CLUB}`);
    },

    async afterDelete(rows: AnyObject[]): Promise<void> {
      for (const row of rows) {
        const CLUB = await nameOf('Clubs', row.clubId, 'nombre');
        const SKU = String(row.skuProducto ?? '');
        await send(
          { Acction: 'DELETE', items: [{ CLUB, SKU, DesdeFecha: isoDay(row.desdeFecha) }] },
          `${SKU} · ${CLUB}`,
        );
      }
    },
  };
}

export const feature: Feature = {
  name: 'reference-data-ranges',
  register: async ({ app, repositories }) => {
    const erp = await app.get(ErpBindings.ADAPTER);
    repositories.repository(RESOURCE).addHooks(rangeRules(repositories, erp));
  },
};
