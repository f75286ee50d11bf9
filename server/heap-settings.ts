/**
 * V8's heap settings of the API process, set before anything else is loaded (server/index.ts imports this
 * first). V8 sizes its heap for throughput on a machine with gigabytes to spare: the young generation (where each
 * request's short-lived objects are made) grows to 2 × 16 MB as soon as many objects survive a collection, as
 * during the start, and the old generation may grow to four times what is live before the next full
 * collection. Here the young generation grows to 2 × 8 MB at most and the old generation by at most half of
 * what is live. Under 20 connections of 25-row pages at 10,000 products the API process holds 172 MB where it
 * held 208–232, its CPU per page within the noise of alternating runs (2.5–3.6 against 2.4–3.2 ms). Keeping the young
 * generation at its first 2 × 1 MB (`--semi-space-growth-factor=1`) held it to 136 MB but cost 25–50 % more CPU
 * per page (collected that much more often: 3.5–5.3 ms), so pages per second fell by as much.
 *
 * Both are V8 flags it reads at each collection, so they take effect set here; a `node` option given on the
 * command line (`--max-semi-space-size`, `--max-old-space-size`) still applies as well.
 */
import v8 from 'node:v8';

v8.setFlagsFromString('--max-semi-space-size=8');
v8.setFlagsFromString('--heap-growing-percent=50');
