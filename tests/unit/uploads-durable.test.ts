// @vitest-environment node
/**
 * Uploaded files reach the disk before their path is returned (server/features/products/uploads.ts): the
 * temporary file is synced, then renamed into place, then its folder is synced, for the original and for the
 * 800x600 rendition. Without the syncs a power cut could leave a stored record naming an empty file.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { UploadStore } from '../../server/features/products/uploads';

const roots: string[] = [];
afterEach(() => {
  for (const dir of roots.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A store whose syncs are recorded (and done), each with whether the path was a file still to be renamed. */
function recordingStore() {
  const root = mkdtempSync(path.join(tmpdir(), 'pim-uploads-'));
  roots.push(root);
  const synced: { where: string; placed: boolean }[] = [];
  const store = new UploadStore(root, async (handle, where) => {
    synced.push({ where: path.relative(root, where), placed: existsSync(where) && !where.endsWith('.tmp') });
    await handle.sync();
  });
  return { root, store, synced };
}

describe('uploaded files on the disk', () => {
  it('syncs a saved file before it is renamed into place, then its folder', async () => {
    const { root, store, synced } = recordingStore();
    const stored = await store.save('TAL-100', 'ficha.pdf', Buffer.from('%PDF-1.4 ficha'));
    expect(stored).toBe('multimedia/TAL-100/ficha.pdf');
    expect(readFileSync(path.join(root, stored), 'utf8')).toBe('%PDF-1.4 ficha');
    expect(synced).toHaveLength(2);
    expect(synced[0].where).toMatch(/^multimedia\/TAL-100\/ficha\.pdf\..*\.tmp$/);
    expect(synced[0].placed).toBe(false);
    expect(synced[1]).toEqual({ where: 'multimedia/TAL-100', placed: true });
  });

  it('syncs the rendered main image the same way', async () => {
    const { root, store, synced } = recordingStore();
    const png = await sharp({
      create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 40, b: 40 } },
    })
      .png()
      .toBuffer();
    const stored = await store.renderMainImage('TAL-100', 'foto.png', png);
    expect(existsSync(path.join(root, stored))).toBe(true);
    expect(synced.map((s) => s.where)).toEqual([
      expect.stringMatching(/^multimedia\/TAL-100\/800x600_foto\.png\..*\.tmp$/),
      'multimedia/TAL-100',
    ]);
  });
});
