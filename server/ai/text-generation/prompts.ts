/** Prompts: whether one exists for a marketplace and category, and the prompt that applies to each product. */
import { categoryKeys, promptForProduct } from '../../../src/core/aiTexts/categories';
import type { TextScope } from './scope';
import { asCategorias, CATEGORIES, num, PROMPTS } from './shared';

export class PromptLookup {
  constructor(private readonly scope: TextScope) {}

  async existePrompt(marketplaceId: number, categoria: string, idExcluir?: number): Promise<boolean> {
    const rows = await this.scope.repo(PROMPTS).find({ where: { marketplaceId } });
    const key = categoria.trim().toLowerCase();
    return rows.some(
      (row) =>
        String(row.categoriaCodigo ?? '')
          .trim()
          .toLowerCase() === key && num(row.id) !== idExcluir,
    );
  }

  /** For each visible product and marketplace, the prompt that applies (by category), or none. */
  async promptsParaProductos(
    productIds: readonly number[],
    marketplaceIds: readonly number[],
  ): Promise<{
    pares: { productoId: number; marketplaceId: number; marketplacePromptId: number }[];
    sinPrompt: { productoId: number; nombre: string; marketplaceId: number }[];
  }> {
    const [products, prompts, categorias] = await Promise.all([
      this.scope.visibleProducts(productIds),
      this.scope
        .repo(PROMPTS)
        .find(marketplaceIds.length ? { where: { marketplaceId: { inq: [...marketplaceIds] } } } : {}),
      this.scope.repo(CATEGORIES).find().then(asCategorias),
    ]);
    const mps = marketplaceIds.length
      ? marketplaceIds
      : [...new Set(prompts.map((p) => num(p.marketplaceId)))];
    const pares: { productoId: number; marketplaceId: number; marketplacePromptId: number }[] = [];
    const sinPrompt: { productoId: number; nombre: string; marketplaceId: number }[] = [];
    const typed = prompts.map((p) => ({ ...p, id: num(p.id), marketplaceId: num(p.marketplaceId) }));
    for (const product of products) {
      const keys = categoryKeys(product.categorias, categorias, product.empresaId);
      for (const marketplaceId of mps) {
        const prompt = promptForProduct(keys, typed, marketplaceId);
        if (prompt)
          pares.push({ productoId: num(product.id), marketplaceId, marketplacePromptId: prompt.id });
        else if (marketplaceIds.length)
          sinPrompt.push({ productoId: num(product.id), nombre: String(product.nombre), marketplaceId });
      }
    }
    return { pares, sinPrompt };
  }
}
