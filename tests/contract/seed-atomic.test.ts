/**
 * The first start's demo seed is one transaction: a seed that fails part way (here a repeated row in the last
 * resource it fills) leaves no companies or products behind, so the next start seeds the whole demo instead
 * of finding companies and stopping there.
 */
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type StartedServer } from '../support/server';

const require = createRequire(import.meta.url);

interface Repo {
  count(): Promise<{ count: number }>;
  dataSource: unknown;
  schema: { name: string };
}
interface RepositorySet {
  repositories: Map<string, Repo>;
  repository(name: string): Repo;
}
interface DemoData {
  rows: Record<string, Record<string, unknown>[]>;
}
const { seedIfEmpty, demoData, insertionOrder } = require('../../dist-server/server/seed-loader.js') as {
  seedIfEmpty(set: RepositorySet, dataSource: unknown, build?: () => DemoData): Promise<boolean>;
  demoData(): DemoData;
  insertionOrder(schemas: { name: string }[]): { name: string }[];
};

let server: StartedServer & { repositories: RepositorySet };
const count = async (name: string) => (await server.repositories.repository(name).count()).count;

beforeAll(async () => {
  server = (await startTestServer({ seed: false })) as typeof server;
});

afterAll(async () => {
  await server?.stop();
});

describe('the demo seed', () => {
  it('fails whole: nothing it inserted before the failure stays, and a later seed inserts everything', async () => {
    const set = server.repositories;
    const dataSource = set.repository('empresas').dataSource;
    const demo = demoData();
    // the last resource the seed fills that has rows with ids: its first row twice
    const order = insertionOrder([...set.repositories.values()].map((r) => r.schema));
    const last = [...order].reverse().find((s) => demo.rows[s.name]?.[0]?.id !== undefined);
    expect(last, 'a seeded resource with ids').toBeDefined();
    const rows = demo.rows[last!.name];
    rows.push({ ...rows[0] });

    await expect(seedIfEmpty(set, dataSource, () => demo)).rejects.toThrow();
    expect(await count('empresas')).toBe(0);
    expect(await count('productos')).toBe(0);

    expect(await seedIfEmpty(set, dataSource)).toBe(true);
    expect(await count('empresas')).toBe(demoData().rows.empresas.length);
    expect(await count('productos')).toBe(demoData().rows.productos.length);
    expect(await count('empresas')).toBeGreaterThan(0);
  });
});
