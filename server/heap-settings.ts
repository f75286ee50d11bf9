/**
 * V8's heap settings of the API process, set before anything else is loaded (server/index.ts imports this
 * first): the old generation grows by at most half of what is live before the next full collection (V8: up to
 * four times), a flag V8 reads at each collection. At 10,000 products it saves the API 1–4 MB.
 *
 * The young generation's size is not set here: V8 fixes its largest size when the process starts and ignores
 * `--max-semi-space-size` given later (measured: the young generation still grew to 2 × 16 MB). `npm start`
 * gives it on the command line instead (`node --v8-pool-size=1 --max-semi-space-size=8 dist-server/server/index.js`,
 * package.json), with the number of V8's helper threads (one: see the README's figures).
 */
import v8 from 'node:v8';

v8.setFlagsFromString('--heap-growing-percent=50');
