import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { keepDataPrivate } from '../../server/data-dir';

const modeOf = (file: string) => statSync(file).mode & 0o777;

describe('keepDataPrivate', () => {
  const previous = process.umask();
  const root = mkdtempSync(path.join(tmpdir(), 'pim-data-dir-'));
  afterEach(() => {
    process.umask(previous);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('closes a data folder left open to others and keeps every new file 0600, every new folder 0700', () => {
    process.umask(0o022);
    const dataDir = path.join(root, 'data');
    mkdirSync(dataDir, { mode: 0o755 });
    chmodSync(dataDir, 0o755);
    expect(modeOf(dataDir)).toBe(0o755);
    keepDataPrivate(dataDir);
    expect(modeOf(dataDir)).toBe(0o700);
    writeFileSync(path.join(dataDir, 'pim.json'), '{}');
    expect(modeOf(path.join(dataDir, 'pim.json'))).toBe(0o600);
    mkdirSync(path.join(dataDir, 'uploads'));
    expect(modeOf(path.join(dataDir, 'uploads'))).toBe(0o700);
  });

  it('creates a missing folder private', () => {
    process.umask(0o022);
    const dataDir = path.join(root, 'nuevo', 'data');
    keepDataPrivate(dataDir);
    expect(modeOf(dataDir)).toBe(0o700);
  });
});
