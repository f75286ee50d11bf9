// @vitest-environment node
/**
 * The layer arrows are enforced by lint (eslint-plugin-boundaries in eslint.config.mjs): a module that imports a
 * layer above it fails `npm run lint`. The fixtures under tests/fixtures/boundaries play a core module, a
 * resource, a service and an API module with wrong arrows (ignored by the normal lint run, linted here on purpose).
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

  it('rejects a resource importing a bespoke page', async () => {
    const errors = await boundaryErrors(fixture('resources/upward.tsx'));
    expect(errors.map((error) => error.line)).toEqual([3]);
    expect(errors[0].severity).toBe(2);
    expect(errors[0].message).toContain('"resources"');
    expect(errors[0].message).toContain('"custom"');
  });

  it('rejects a service (i18n, providers) importing bespoke pages', async () => {
    const errors = await boundaryErrors(fixture('services/upward.ts'));
    expect(errors.map((error) => error.line)).toEqual([3, 4]);
    expect(errors.every((error) => error.message.includes('"services"'))).toBe(true);
  });

  it("rejects a resource's own screens importing a bespoke page, statically or lazily (views.tsx)", async () => {
    const eslint = new ESLint({ cwd: root });
    const code = [
      "import { PAGE_PATH } from '../../custom/catalogueProducts/page';",
      "export const List = () => import('../../custom/productList/ProductList');",
      'export const path = PAGE_PATH;',
      '',
    ].join('\n');
    const [result] = await eslint.lintText(code, {
      filePath: path.join(root, 'src/resources/catalogos/views.tsx'),
    });
    const errors = result.messages.filter((message) => message.ruleId === 'boundaries/dependencies');
    expect(errors.map((error) => error.line)).toEqual([1, 2]);
    expect(errors.every((error) => error.message.includes('"custom"'))).toBe(true);
  });

  it('accepts a core module importing the core', async () => {
    expect(await boundaryErrors(fixture('core/downward.ts'))).toEqual([]);
  });
});
