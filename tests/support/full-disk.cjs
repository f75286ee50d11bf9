/**
 * Preloaded (NODE_OPTIONS=--require) into the API by the full-disk test: in the embedded database process
 * only, every file write fails with ENOSPC while the file named by PIM_TEST_FULL_DISK_MARKER exists, as on a
 * full disk.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS preload (node --require)
const fs = require('node:fs');

const marker = process.env.PIM_TEST_FULL_DISK_MARKER;
if (marker && /pglite-process\.js$/.test(process.argv[1] || '')) {
  const full = () => fs.existsSync(marker);
  const enospc = () =>
    Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28 });
  for (const name of ['writeSync', 'writevSync', 'ftruncateSync', 'fsyncSync']) {
    const original = fs[name];
    fs[name] = function (...args) {
      if (full()) throw enospc();
      return original.apply(this, args);
    };
  }
}
