/**
 * `pim.pages.<path>`: the menu labels of the bespoke pages (src/custom/<feature>/page.ts), Spanish from
 * `label`, the other languages from `labels` (Spanish when a page gives none for that language).
 */
import type { Language } from './language';

export interface LabelledPage {
  path: string;
  label: string;
  labels?: Partial<Record<Exclude<Language, 'es'>, string>>;
}

export const pageLabel = (page: LabelledPage, language: Language): string =>
  (language === 'es' ? undefined : page.labels?.[language]?.trim()) || page.label;

export const pageMessages = (
  language: Language,
  pages: readonly LabelledPage[],
): { pim: { pages: Record<string, string> } } => ({
  pim: { pages: Object.fromEntries(pages.map((page) => [page.path, pageLabel(page, language)])) },
});
