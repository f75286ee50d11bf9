/**
 * Generating without storing: the texts of one product and prompt for the 'pim/process-base64' dispatch, and the
 * prompt test bench. A generator failure or the end of the budget is an error per text, never a hung request.
 */
import { HttpErrors } from '@loopback/rest';
import { camposDePrompt } from '../../../src/core/aiTexts/fields';
import type { QueueItem } from '../../../src/core/aiTexts/contract';
import { mapPool } from '../../../src/core/pool';
import { requestBudget, type Budget } from '../budget';
import type { GenerationRequest, TextGenerator } from '../generator';
import type { TextScope } from './scope';
import { DEFAULT_LANGUAGE, idiomasKey, MARKETPLACES, PROMPTS, type GenerationOptions } from './shared';
import type { PlainRow } from '../../repository-set';

export class DirectGeneration {
  constructor(
    private readonly scope: TextScope,
    private readonly generator: TextGenerator,
    private readonly options: GenerationOptions,
  ) {}

  /**
   * Generates the texts of one product+prompt without storing anything (the 'pim/process-base64' dispatch).
   * With a `budget`, an item cut by it answers an error per text instead of hanging the request.
   */
  async generarSinGuardar(item: QueueItem, budget?: Budget): Promise<PlainRow[]> {
    const [product] = await this.scope.visibleProducts([item.productoId]);
    if (!product) return [{ productoId: item.productoId, error: 'El producto no existe' }];
    const [prompt] = await this.scope.repo(PROMPTS).find({ where: { id: item.marketplacePromptId } });
    if (!prompt) return [{ productoId: item.productoId, error: 'El prompt no existe' }];
    const [marketplace] = await this.scope.repo(MARKETPLACES).find({ where: { id: prompt.marketplaceId } });
    const data = await this.scope.productData(product);
    const idiomas = idiomasKey(item.idiomas).split(',');
    const base = { productoId: item.productoId, marketplacePromptId: item.marketplacePromptId };
    const calls = idiomas.flatMap((idioma) => camposDePrompt(prompt).map((c) => ({ ...c, idioma })));
    return mapPool(calls, this.options.concurrency, async ({ campo, prompt: text, idioma }) => {
      const out = await this.tryGenerate(
        {
          producto: data,
          campo,
          prompt: text,
          idioma,
          marketplace: marketplace?.codigo as string | undefined,
        },
        budget,
      );
      return { ...base, campo, idioma, ...out };
    });
  }

  /** One generator call that never throws: `{texto}` or `{error}` (also when the budget already ran out). */
  private async tryGenerate(
    request: Omit<GenerationRequest, 'signal'>,
    budget?: Budget,
  ): Promise<{ texto: string } | { error: string }> {
    if (budget?.expired()) return { error: (budget.signal.reason as Error).message };
    try {
      return { texto: await this.generator.generate({ ...request, signal: budget?.signal }) };
    } catch (error) {
      return { error: (error as Error).message };
    }
  }

  async pruebas(
    idProducto: number,
    pares: readonly { campo: string; prompt: string }[],
    idiomas: readonly string[],
  ): Promise<{ campo: string; prompt: string; idioma: string; texto?: string; error?: string }[]> {
    const [product] = await this.scope.visibleProducts([idProducto]);
    if (!product) throw new HttpErrors.NotFound(`Producto ${idProducto} no encontrado`);
    const data = await this.scope.productData(product);
    const languages = idiomas.length ? idiomas : [DEFAULT_LANGUAGE];
    const calls = pares.flatMap(({ campo, prompt }) =>
      languages.map((idioma) => ({ campo, prompt, idioma })),
    );
    const budget = requestBudget(this.options.requestBudgetMs);
    try {
      return await mapPool(calls, this.options.concurrency, async (call) => ({
        ...call,
        ...(await this.tryGenerate({ producto: data, ...call }, budget)),
      }));
    } finally {
      budget.clear();
    }
  }
}
