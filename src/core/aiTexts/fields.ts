/** The five campo/prompt pairs of a marketplace prompt. Pure. */
export const CAMPO_SUFFIXES = ['Uno', 'Dos', 'Tres', 'Cuatro', 'Cinco'] as const;
export type CampoSuffix = (typeof CAMPO_SUFFIXES)[number];

export interface CampoPrompt {
  campo: string;
  prompt: string;
}

/** The non-empty campo/prompt pairs of a prompt record (campoUno/promptCampoUno … campoCinco/promptCampoCinco). */
export function camposDePrompt(record: Readonly<Record<string, unknown>>): CampoPrompt[] {
  const out: CampoPrompt[] = [];
  for (const suffix of CAMPO_SUFFIXES) {
    const campo = record[`campo${suffix}`];
    if (typeof campo !== 'string' || !campo.trim()) continue;
    const prompt = record[`promptCampo${suffix}`];
    out.push({ campo: campo.trim(), prompt: typeof prompt === 'string' ? prompt : '' });
  }
  return out;
}

/** Comma list → trimmed non-empty values (ids, language codes…). */
export const lista = (value: unknown): string[] =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)
    : Array.isArray(value)
      ? value.map((part) => String(part).trim()).filter(Boolean)
      : [];

/** Comma list → positive integers (others dropped). */
export const listaIds = (value: unknown): number[] =>
  lista(value)
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
