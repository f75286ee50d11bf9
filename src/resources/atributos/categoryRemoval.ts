/** Which categories an edit removes from an attribute's comma list (docs/requirements.md#r7-api attribute sync by category). Pure. */
import { categoryKey, splitCategories } from '../../core/referenceData/contract';

/** The categories of `before` no longer in `after` (names compared case- and space-insensitively). */
export const removedCategories = (before: unknown, after: unknown): string[] => {
  const kept = new Set(splitCategories(after).map(categoryKey));
  const seen = new Set<string>();
  return splitCategories(before).filter((name) => {
    const key = categoryKey(name);
    if (kept.has(key) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

/** A category removed from an attribute and how many products carry the attribute in it. */
export interface CategoryCount {
  categoria: string;
  count: number;
}

/** A category whose products still carry the attribute after a failed removal, and why it failed. */
export interface RemovalFailure extends CategoryCount {
  reason: string;
}

/** '1 producto', '3 productos'. */
export const productsText = (count: number): string => `${count} producto${count === 1 ? '' : 's'}`;

/**
 * Removes the attribute's values from the products of each category (only where some product carries it),
 * one category after the other; returns the categories that could not be cleaned, with the reason.
 */
export const removeFromProducts = async (
  items: readonly CategoryCount[],
  remove: (categoria: string) => Promise<unknown>,
  reasonOf: (error: unknown) => string,
): Promise<RemovalFailure[]> => {
  const failures: RemovalFailure[] = [];
  for (const item of items) {
    if (item.count <= 0) continue;
    try {
      await remove(item.categoria);
    } catch (error) {
      failures.push({ ...item, reason: reasonOf(error) });
    }
  }
  return failures;
};

/**
 * What is left to do after a failed removal, in Spanish: the attribute is saved without the categories, but
 * these products still carry its values.
 */
export const removalFailureMessage = (failures: readonly RemovalFailure[]): string => {
  const which = failures.map(({ categoria, count }) => `«${categoria}» (${productsText(count)})`).join(', ');
  const reasons = [...new Set(failures.map((failure) => failure.reason).filter(Boolean))].join('; ');
  return (
    `El atributo se guardó sin ${failures.length === 1 ? 'la categoría' : 'las categorías'} ${which}, pero ` +
    `no se pudieron quitar sus valores de esos productos${reasons ? ` (${reasons})` : ''}. ` +
    'Los productos siguen teniendo el valor: pulse «Reintentar» para quitarlo.'
  );
};
