/**
 * The box a small input takes as react-admin's theme draws it (filled): 48 px high, 8 px of margin above and
 * 4 below. An empty box of this size holds an input's place while it waits to render (AfterFirstRender), so
 * nothing around it moves when it comes.
 */
export const SMALL_FIELD_PLACE = { height: 48, mt: 1, mb: 0.5 } as const;
