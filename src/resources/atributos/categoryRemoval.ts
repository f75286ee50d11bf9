/** Which categories an edit removes from an attribute's comma list (spec §7 attribute sync by category). Pure. */
import { categoryKey, splitCategories } from '../../custom/referenceData/contract';

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
