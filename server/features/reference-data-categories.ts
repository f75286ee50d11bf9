/**
 * Categories stay a two-level tree rooted at 'master' (src/core/categoryTree.ts): every create,
 * update or replace of a category is checked against the other categories of its company and refused with 422
 * and the message on padre/codigo when it would break the tree (a third level, a parent moved under another
 * category, a parent's code changed under its subcategories, the root moved). A parent code that does not
 * exist yet is accepted (imports bring rows in any order); the tree screen shows such rows apart.
 */
import { placementError, ROOT_CODE, type CategoryRow } from '../../src/core/categoryTree';
import type { Feature } from '../feature';
import type { RepositorySet, StoredEntity } from '../repository-set';
import { fieldErrors } from '../write-rules';

const asCategory = (row: StoredEntity<'categorias'>): CategoryRow => ({
  id: row.id ?? undefined,
  empresaId: row.empresaId ?? null,
  codigo: String(row.codigo ?? ''),
  padre: row.padre ?? null,
  nombre: String(row.nombre ?? ''),
});

export function categoryRules(repos: RepositorySet) {
  const categorias = repos.repository('categorias');
  return {
    async beforeWrite(row: StoredEntity<'categorias'>): Promise<void> {
      const siblings = await categorias.find({ where: { empresaId: { eq: row.empresaId ?? null } } });
      // a create without padre gets the schema default ('master') from the datastore.
      const candidate = asCategory('padre' in row ? row : { ...row, padre: ROOT_CODE });
      const problem = placementError(candidate, siblings.map(asCategory), { allowUnknownParent: true });
      if (problem) throw fieldErrors({ [problem.field]: problem.message }, 'categoryTree');
    },
  };
}

export const feature: Feature = {
  name: 'reference-data-categories',
  register: ({ repositories }) => {
    repositories.repository('categorias').addHooks(categoryRules(repositories));
  },
};
