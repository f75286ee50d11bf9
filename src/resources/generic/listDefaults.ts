/** What every standard list starts with (GenericList, the product list, and the opening list's early query). */
export const DEFAULT_PER_PAGE = 10;
