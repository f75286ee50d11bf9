/** Choice lists for select inputs. */
export interface Choice {
  id: string;
  name: string;
}

export const toChoices = (
  values: readonly string[],
  labels: Readonly<Record<string, string>> = {},
): Choice[] => values.map((value) => ({ id: value, name: labels[value] ?? value }));

/** S/N flag choices. */
export const SN_CHOICES: Choice[] = toChoices(['S', 'N']);

/** S/N filter choices plus the "no filter" values of the schema (e.g. 'TODOS'). */
export const snFilterChoices = (ignore: readonly string[] = []): Choice[] => [
  ...SN_CHOICES,
  ...toChoices(ignore),
];
