/**
 * V8's heap settings of the API process, set before anything else is loaded (server/index.ts imports this
 * first). V8 sizes its heap for throughput on a machine with gigabytes to spare: the young generation (where each
 * request's short-lived objects are made) grows to 2 × 16 MB as soon as many objects survive a collection, as
 * during the start, and the old generation may grow to four times what is live before the next full
 * collection. The API's own work is small objects that die young; so here the young generation keeps its
 * first size (2 × 1 MB) and the old generation grows by at most half of what is live. (Scale bench, 10,000
 * products: the API process 137–140 → 110–111 MB at start, 150–217 → 133 MB after 8 s of pages from 20
 * connections, 165–220 → 135–138 MB after the shopping feed.)
 *
 * Both are V8 flags it reads at each collection, so they take effect set here; a `node` option given on the
 * command line (`--max-semi-space-size`, `--max-old-space-size`) still applies as well.
 */
import v8 from 'node:v8';

v8.setFlagsFromString('--semi-space-growth-factor=1');
v8.setFlagsFromString('--heap-growing-percent=50');
