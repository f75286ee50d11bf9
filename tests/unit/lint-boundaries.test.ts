// @vitest-environment node
/**
 * The layer arrows are enforced by lint (eslint-plugin-boundaries in eslint.config.mjs): a module that imports a
 * layer above it fails `npm run lint`. The fixtures under tests/fixtures/boundaries play a core module and an
 * API module with wrong arrows (ignored by the normal lint run, linted here on purpose).
 */
import { ESLint } from 'eslint';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');
const fixture = (name: string) => path.join(root, 'tests/fixtures/boundaries', name);

const boundaryErrors = async (file: string) => {
  const eslint = new ESLint({ cwd: root, ignore: false });
  const [result] = await eslint.lintFiles([file]);
  return result.messages.filter((message) => message.ruleId === 'boundaries/dependencies');
};

describe('layer boundaries', () => {
  it('rejects a core module importing a bespoke page', async () => {
    const errors = await boundaryErrors(fixture('core/upward.ts'));
    expect(errors).toHaveLength(1);
    expect(errors[0].severity).toBe(2);
    expect(errors[0].message).toContain('"core"');
    expect(errors[0].message).toContain('"custom"');
  });

  it('rejects the API importing React and a bespoke page', async () => {
    const errors = await boundaryErrors(fixture('server/reactInApi.ts'));
    expect(errors.map((error) => error.line).sort()).toEqual([2, 3]);
    expect(errors.some((error) => error.message.includes('"react"'))).toBe(true);
  });

  it('accepts a core module importing the core', async () => {
    expect(await boundaryErrors(fixture('core/downward.ts'))).toEqual([]);
  });
});
