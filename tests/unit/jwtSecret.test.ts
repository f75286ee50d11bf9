// @vitest-environment node
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { persistentSecret } from '../../server/jwt-secret';

describe('persistentSecret', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'pim-jwt-secret-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('keeps the secret of an earlier start', () => {
    const dir = mkdtempSync(path.join(root, 'kept-'));
    const first = persistentSecret(dir);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(persistentSecret(dir)).toBe(first);
    expect(readdirSync(dir)).toEqual(['jwt-secret']);
  });

  it('replaces a file a crash left empty instead of signing with an empty secret', () => {
    const dir = mkdtempSync(path.join(root, 'empty-'));
    writeFileSync(path.join(dir, 'jwt-secret'), '\n');
    const secret = persistentSecret(dir);
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8')).toBe(secret);
  });
});
