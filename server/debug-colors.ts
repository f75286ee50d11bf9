/**
 * Imported first by the API's entry point. LoopBack builds a `debug` logger for every request's contexts, and
 * `debug` asks whether stderr is a terminal each time it builds one (colours), unless DEBUG_COLORS says: about 3 %
 * of the API's CPU on a page of products. Colours stay available with DEBUG_COLORS=yes.
 */
process.env.DEBUG_COLORS ??= 'no';
