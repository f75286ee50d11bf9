/**
 * Products per range (docs/requirements.md#r5-validation, #r7-api), as rules around the generic ProductosPorRango routes:
 * - a write whose range overlaps another range of the same skuProducto and club (date part only, the app's
 *   own rangesOverlap) is refused with 422 and the message on desdeFecha/hastaFecha; nothing is written;
 * - a create sends the club item to the ERP ('PIMIntegration_ItemClubItems', Acction INSERT with CLUB, SKU,
 *   DesdeFecha, HastaFecha, Nivel); a delete withdraws it (Acction DELETE with CLUB, SKU, DesdeFecha); an edit
 *   of the SKU, club, range type or dates withdraws the old item and sends the new one (DELETE, then INSERT);
 * - every call is written to logsnavs (INFO, or ERROR with the ERP's reason), and the outcome of the last
 *   sending is kept on the row: fechaEjecucionDeProcesoSincroBC, fechaSincronizacionConBC (set when the ERP
 *   holds the current item, null when it does not) and motivoErrorSincroConBC (null, or why the ERP refused).
 *   The app reads it after a save to warn the person. An ERP failure never undoes the save.
 * CLUB is the club's nombre and Nivel the range type's `rango` (the records hold ids; the ERP wants names).
 * The old item of an edit is withdrawn unless the row says the ERP never accepted it (an error and no sync date).
 */
import {
  ERP_CLUB_ITEMS_ENDPOINT,
  isoDay,
  overlapMessage,
  type ClubItemsPayload,
} from '../../src/core/referenceData/contract';
import { rangesOverlap, type RangeLike } from '../../src/core/rangeOverlap';
import { ErpBindings, type ErpAdapter } from '../erp/adapter';
import type { Feature } from '../feature';
import type { RepositorySet, StoredEntity, StoredRecord } from '../repository-set';
import { fieldErrors, type RowChange } from '../write-rules';

const RESOURCE = 'ProductosPorRango';

/** A range as it is written (a create has no id yet), and as it is stored. */
type Range = StoredEntity<typeof RESOURCE>;
type StoredRange = StoredRecord<typeof RESOURCE>;

const asRange = (row: Range): RangeLike => ({
  id: row.id ?? undefined,
  skuProducto: String(row.skuProducto ?? ''),
  clubId: String(row.clubId),
  desdeFecha: isoDay(row.desdeFecha),
  hastaFecha: isoDay(row.hastaFecha),
});

/** What the ERP item is made of: a change to any of these replaces the item in the ERP. */
const erpKey = (row: StoredRange): string =>
  JSON.stringify([
    String(row.skuProducto ?? ''),
    row.clubId ?? null,
    row.rangoId ?? null,
    isoDay(row.desdeFecha),
    isoDay(row.hastaFecha),
  ]);

/** Whether the ERP may hold this row's item: not when its last sending failed and nothing was accepted. */
const mayBeInErp = (row: StoredRange): boolean =>
  !(row.motivoErrorSincroConBC && !row.fechaSincronizacionConBC);

interface Sent {
  ok: boolean;
  error?: string;
}

export function rangeRules(repos: RepositorySet, erp: ErpAdapter) {
  const ranges = repos.repository(RESOURCE);

  const nameOf = async (resource: string, id: unknown, field: string): Promise<string> => {
    if (id === undefined || id === null) return '';
    const [row] = await repos.repository(resource).find({ where: { id }, limit: 1 });
    return row ? String(row[field] ?? '') : String(id);
  };

  const send = async (payload: ClubItemsPayload, registro: string): Promise<Sent> => {
    const result = await erp.post(ERP_CLUB_ITEMS_ENDPOINT, payload).catch((err: unknown) => ({
      ok: false,
      status: 0,
      error: err instanceof Error ? err.message : String(err),
    }));
    const accion = payload.Acction === 'INSERT' ? 'alta' : 'baja';
    const error = result.ok ? undefined : (result.error ?? `estado ${result.status}`);
    const sku = payload.items[0]?.SKU;
    const [product] = sku
      ? await repos.repository('productos').find({ where: { nombre: sku }, limit: 1 })
      : [];
    await repos.repository('logsnavs').create({
      empresaId: product?.empresaId ?? null,
      tabla: RESOURCE,
      registro: registro.slice(0, 255),
      nivel: result.ok ? 'INFO' : 'ERROR',
      mensaje: result.ok
        ? `${ERP_CLUB_ITEMS_ENDPOINT} (${payload.Acction}): ${accion} del producto en el club enviada a Business Central.`
        : `${ERP_CLUB_ITEMS_ENDPOINT} (${payload.Acction}): error al enviar la ${accion} a Business Central: ${error}`,
    });
    return { ok: result.ok, error };
  };

  const insert = async (row: StoredRange): Promise<Sent> => {
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
    return send({ Acction: 'INSERT', items: [item] }, `${SKU} · ${CLUB}`);
  };

  const withdraw = async (row: StoredRange): Promise<Sent> => {
    const CLUB = await nameOf('Clubs', row.clubId, 'nombre');
    const SKU = String(row.skuProducto ?? '');
    return send(
      { Acction: 'DELETE', items: [{ CLUB, SKU, DesdeFecha: isoDay(row.desdeFecha) }] },
      `${SKU} · ${CLUB}`,
    );
  };

  /** Keeps the outcome on the row (its own update: the item is unchanged, so nothing is sent again). */
  const record = async (id: number, inserted: Sent, withdrawn?: Sent): Promise<void> => {
    const errors = [
      withdrawn && !withdrawn.ok ? `baja del rango anterior: ${withdrawn.error}` : '',
      inserted.ok ? '' : withdrawn ? `alta del rango: ${inserted.error}` : String(inserted.error),
    ].filter(Boolean);
    const now = new Date();
    await ranges.updateById(id, {
      fechaEjecucionDeProcesoSincroBC: now,
      fechaSincronizacionConBC: inserted.ok ? now : null,
      motivoErrorSincroConBC: errors.length ? errors.join('; ') : null,
    });
  };

  return {
    async beforeWrite(row: Range): Promise<void> {
      const candidate = asRange(row);
      if (!candidate.skuProducto || !candidate.desdeFecha || !candidate.hastaFecha) return;
      const existing = (
        await ranges.find({ where: { skuProducto: candidate.skuProducto, clubId: { eq: row.clubId } } })
      ).map(asRange);
      const clash = existing.find((range) => rangesOverlap([range], candidate));
      if (clash) {
        const message = overlapMessage(clash);
        throw fieldErrors({ desdeFecha: message, hastaFecha: message }, 'overlap');
      }
    },

    async afterCreate(row: StoredRange): Promise<void> {
      await record(row.id, await insert(row));
    },

    async afterUpdate(changes: RowChange<StoredRange>[]): Promise<void> {
      for (const { before, after } of changes) {
        if (erpKey(before) === erpKey(after)) continue;
        const withdrawn = mayBeInErp(before) ? await withdraw(before) : undefined;
        await record(after.id, await insert(after), withdrawn);
      }
    },

    async afterDelete(rows: StoredRange[]): Promise<void> {
      for (const row of rows) if (mayBeInErp(row)) await withdraw(row);
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
