/**
 * After a product per range is saved, the API has already sent it to the ERP and kept the outcome on the row
 * (motivoErrorSincroConBC, server/features/reference-data-ranges.ts). Pure.
 */

/** The warning for a saved row whose sending the ERP refused (undefined when it was accepted). */
export const erpRefusalMessage = (record: Record<string, unknown> | undefined): string | undefined => {
  const reason = record?.motivoErrorSincroConBC;
  if (typeof reason !== 'string' || !reason.trim()) return undefined;
  return `Producto por rango guardado, pero el ERP no lo aceptó: ${reason.trim()}`;
};
