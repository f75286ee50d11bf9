/**
 * The counter helper (docs/requirements.md#r9-constants): values above 999 show as thousands with one decimal and a `k` suffix
 * (1234 → '1.2k', 1000 → '1.0k', 25_000 → '25.0k'); up to 999 the number itself. Negative values mirror
 * positive ones; anything that is not a finite number shows '0'. Pure.
 */
export const formatCounter = (value: number | null | undefined): string => {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '0';
  if (Math.abs(value) <= 999) return String(value);
  return `${(value / 1000).toFixed(1)}k`;
};
