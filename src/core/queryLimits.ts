/**
 * Bounds of one list request, shared by the app (which never asks for more) and the reference API (which
 * answers 400 beyond them): rows per page (the app's largest page is the editor's 10,000-row lookup) and
 * values in one `inq`/`nin` list (the app sends at most a URL's worth, far fewer).
 */
export const MAX_PAGE_ROWS = 10_000;
export const MAX_LIST_VALUES = 1_000;
