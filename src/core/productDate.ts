/** Product modification dates are shown as 'YYYY-MM-DD HH:mm:ss' (docs/requirements.md#r9-constants), in local time. Pure. */
const pad = (n: number): string => String(n).padStart(2, '0');

export const formatProductDate = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(String(value));
  if (Number.isNaN(date.getTime())) return String(value);
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return `${day} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
};
