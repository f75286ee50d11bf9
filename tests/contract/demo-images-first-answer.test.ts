// @vitest-environment node
/**
 * The demo pictures exist once the API answers: on a first start (`node dist-server/server/index.js` on a new
 * data folder, as `npm start` runs it) every picture is rendered before the server takes its first request, so
 * a list opened at once shows no 404 and its requests do not queue behind the rendering.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnApi, stopRunning, type ApiProcess } from '../support/api-process';
import { usingMysql } from '../support/server';

const dataDir = mkdtempSync(path.join(tmpdir(), 'pim-first-answer-'));
const running: ApiProcess[] = [];

afterAll(async () => {
  await stopRunning(running);
  rmSync(dataDir, { recursive: true, force: true });
});

const picturesIn = (dir: string): number =>
  readdirSync(dir, { recursive: true }).filter((file) => /\.(png|jpe?g)$/i.test(String(file))).length;

// The order of start-up is the same on every engine: checked on the embedded one only.
describe.skipIf(usingMysql())('first start with the demo catalogue', () => {
  it('answers its first request only once every demo picture is on the disk', async () => {
    const api = await spawnApi(dataDir, { DEMO_IMAGES: '1' });
    running.push(api);
    await api.ready;
    const atFirstAnswer = picturesIn(path.join(dataDir, 'uploads'));
    const rendered = /Demo pictures: (\d+) rendered/.exec(api.output());
    expect(rendered, api.output()).not.toBeNull();
    expect(Number(rendered?.[1])).toBeGreaterThan(150);
    expect(atFirstAnswer).toBe(Number(rendered?.[1]));
  }, 120_000);
});
