/**
 * `pim.pages.<path>`: the menu labels of the bespoke pages, Spanish from `label`, the other languages from
 * `labels` (Spanish when a page gives none for that language). i18n imports no page: the pages register their
 * labels here (src/custom/pages.ts does it for every src/custom/<feature>/page.ts).
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

const registered = new Map<string, LabelledPage>();
const listeners = new Set<() => void>();

/** Adds the menu labels of some pages (a page registered again replaces its labels). */
export const registerPageLabels = (pages: readonly LabelledPage[]): void => {
  for (const page of pages) registered.set(page.path, page);
  for (const listener of listeners) listener();
};

/** The pages whose labels were registered, in registration order. */
export const registeredPages = (): readonly LabelledPage[] => [...registered.values()];

/** Calls `listener` after each registration; returns the unsubscribe. */
export const onPageLabels = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
