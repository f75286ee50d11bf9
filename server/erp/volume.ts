/**
 * The volume check of the manual ERP sync (docs/requirements.md#r7-api "The answer to a volume check may be 'volumen NO'";
 * #r8-errors "Volume warning"): a product is only sent to Business Central when it has a volume, computed from its
 * Largo/Ancho/Alto attributes (cm, mm or m), else from the general record's dimensiones
 * ('120 x 40 x 35 cm'). No usable dimension → volume 0 → 'volumen NO'. Pure.
 */
import { parseDecimal } from '../../src/core/numbers';

export interface VolumeAttribute {
  nombre?: string | null;
  valor?: string | null;
  unidad?: string | null;
}

const key = (name: string | null | undefined): string =>
  (name ?? '')
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, '');

/** The first number in a text ('35 cm', '1.234,5'), read the Spanish way (src/core/numbers.ts); else undefined. */
export function numberIn(text: unknown): number | undefined {
  if (typeof text === 'number') return Number.isFinite(text) ? text : undefined;
  if (typeof text !== 'string') return undefined;
  const match = /-?\d(?:[\d.,]*\d)?/.exec(text.trim());
  const parsed = match ? parseDecimal(match[0], 'es') : undefined;
  return parsed?.ok && parsed.value !== null ? parsed.value : undefined;
}

/** Centimetres per unit (cm when the unit is empty or unknown). */
const toCm = (unit: string | null | undefined): number => {
  const u = key(unit);
  if (u === 'mm') return 0.1;
  if (u === 'm') return 100;
  return 1;
};

const DIMENSIONS = ['largo', 'ancho', 'alto'] as const;

/** Volume in cm³ from the attributes, or undefined when one of the three is missing or not a number. */
export function volumeFromAttributes(attributes: readonly VolumeAttribute[]): number | undefined {
  const sides: number[] = [];
  for (const dimension of DIMENSIONS) {
    const found = attributes.find((attribute) => key(attribute.nombre) === dimension);
    const value = numberIn(found?.valor);
    if (value === undefined) return undefined;
    sides.push(value * toCm(found?.unidad));
  }
  return sides[0] * sides[1] * sides[2];
}

/** Volume in cm³ from '120 x 40 x 35 cm' (x, X, × or * between the numbers), or undefined. */
export function volumeFromDimensions(dimensiones: string | null | undefined): number | undefined {
  if (!dimensiones) return undefined;
  const parts = dimensiones.split(/\s*[xX×*]\s*/);
  if (parts.length !== 3) return undefined;
  const unit = /(mm|cm|m)\s*$/i.exec(dimensiones)?.[1];
  const sides = parts.map((part) => numberIn(part));
  if (sides.some((side) => side === undefined)) return undefined;
  const factor = toCm(unit);
  return (sides as number[]).reduce((product, side) => product * side * factor, 1);
}

export function productVolume(attributes: readonly VolumeAttribute[], dimensiones?: string | null): number {
  return volumeFromAttributes(attributes) ?? volumeFromDimensions(dimensiones) ?? 0;
}

/** Whether the product may be sent to the ERP (a volume above 0). */
export const hasVolume = (volume: number): boolean => Number.isFinite(volume) && volume > 0;
