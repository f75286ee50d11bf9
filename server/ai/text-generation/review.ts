/**
 * Reading and reviewing generated texts: a product's texts, the reviewed ones, the products × marketplaces view
 * with counts and review state, the review flag, and texts edited in the review screen.
 */
import { HttpErrors } from '@loopback/rest';
import type { CategoriaRow } from '../../../src/core/aiTexts/categories';
import { estadoRevisionDeConteo } from '../../../src/core/reviewStatus';
import type { Row } from '../../repositories';
import type { TextScope } from './scope';
import {
  asCategorias,
  CATEGORIES,
  DEFAULT_LANGUAGE,
  isoNow,
  MARKETPLACES,
  num,
  plainOf,
  PROMPTS,
  TEXTS,
  unprocessable,
  type ReviewFilters,
  type TextInput,
  type VistaPage,
  type VistaRow,
} from './shared';
import type { PlainRow } from '../../repository-set';

export class TextReview {
  constructor(private readonly scope: TextScope) {}

  async textosProducto(idProducto: number): Promise<PlainRow[]> {
    const visible = await this.scope.visibleProductIds([idProducto]);
    if (!visible.has(idProducto)) throw new HttpErrors.NotFound(`Producto ${idProducto} no encontrado`);
    const [texts, marketplaces] = await Promise.all([
      this.scope.repo(TEXTS).find({ where: { productoId: idProducto }, order: ['id ASC'] }),
      this.scope.repo(MARKETPLACES).find(),
    ]);
    const codigo = new Map(marketplaces.map((m) => [num(m.id), m.codigo]));
    return texts
      .map((text): PlainRow => ({
        ...plainOf(text),
        marketplaceCodigo: codigo.get(num(text.marketplaceId)),
      }))
      .sort(
        (a, b) =>
          String(a.marketplaceCodigo ?? '').localeCompare(String(b.marketplaceCodigo ?? '')) ||
          num(a.id) - num(b.id),
      );
  }

  /** The category rows, when a category filter needs them (a small reference table). */
  private async categoriesFor(filters: ReviewFilters): Promise<CategoriaRow[]> {
    if (!filters.categoria?.trim() && !filters.subcategoria?.trim()) return [];
    return asCategorias(await this.scope.repo(CATEGORIES).find());
  }

  /** Reviewed texts of the products passing the filters (one query: texts joined with their product). */
  async revisados(filters: ReviewFilters): Promise<PlainRow[]> {
    const found = await this.scope.sql().revisados(filters, await this.categoriesFor(filters));
    const model = this.scope.repo(TEXTS).entityClass;
    return found.map(({ text, productoNombre }) => ({
      ...plainOf(new model(text)),
      productoNombre,
    }));
  }

  /**
   * Products × marketplaces with their text counts and review state, sorted by product name and marketplace
   * code: grouped, counted and paged (`limit`/`skip`) in the database; `total` is the number of rows matching.
   */
  async vista(filters: ReviewFilters, page: VistaPage = {}): Promise<{ rows: VistaRow[]; total: number }> {
    const found = await this.scope.sql().vista(filters, await this.categoriesFor(filters), page);
    const rows = found.rows.map((row): VistaRow => {
      const productoId = num(row.pid);
      const marketplaceId = num(row.mid);
      const total = num(row.total);
      const revisados = num(row.revisados);
      const vista: VistaRow = {
        productoId,
        nombre: String(row.nombre ?? ''),
        titulo: (row.titulo as string | null | undefined) ?? undefined,
        categorias: (row.categorias as string | null | undefined) ?? undefined,
        activoEnMarketplace: (row.activo as string | null | undefined) ?? null,
        marketplaceId,
        marketplaceCodigo: (row.codigo as string | null | undefined) ?? undefined,
        marketplacePromptId: row.prompt == null ? undefined : num(row.prompt),
        total,
        revisados,
        estado: estadoRevisionDeConteo(total, revisados),
        textIds: found.textIds.get(`${productoId}|${marketplaceId}`) ?? [],
      };
      if (row.fecha) vista.fechaGeneracion = new Date(row.fecha as string).toISOString();
      return vista;
    });
    return { rows, total: found.total };
  }

  /** Review state of TextosGenerados `ids` (of visible products) → count changed. */
  async setRevisado(ids: readonly number[], nuevoEstado: 'S' | 'N'): Promise<{ count: number }> {
    if (!ids.length) return { count: 0 };
    const texts = await this.scope.repo(TEXTS).find({
      where: { id: { inq: [...ids] } },
      fields: { id: true, productoId: true },
    });
    const visible = await this.scope.visibleProductIds([...new Set(texts.map((t) => num(t.productoId)))]);
    const allowed = texts.filter((t) => visible.has(num(t.productoId))).map((t) => num(t.id));
    if (!allowed.length) return { count: 0 };
    return this.scope.repo(TEXTS).updateAll({ revisado_sn: nuevoEstado }, { id: { inq: allowed } });
  }

  /** Stores or updates texts (edited in the review screen) → the texts as stored. */
  async guardar(idPrompt: number | undefined, body: readonly TextInput[]): Promise<PlainRow[]> {
    const out: PlainRow[] = [];
    const productIds = new Set<number>();
    const byId = new Map<number, Row>();
    const ids = body.map((t) => t.id).filter((id): id is number => typeof id === 'number');
    if (ids.length)
      for (const row of await this.scope.repo(TEXTS).find({ where: { id: { inq: ids } } }))
        byId.set(num(row.id), row);
    for (const text of body) {
      const existing = text.id !== undefined ? byId.get(text.id) : undefined;
      if (text.id !== undefined && !existing) throw unprocessable(`Texto generado ${text.id} no encontrado`);
      productIds.add(num(existing?.productoId ?? text.productoId));
    }
    const visible = await this.scope.visibleProductIds([...productIds]);
    const hidden = [...productIds].filter((id) => !visible.has(id));
    if (hidden.length)
      throw unprocessable(`Productos no encontrados: ${hidden.join(', ')}`, 'INVALID_PRODUCTS');
    const prompt = idPrompt
      ? (await this.scope.repo(PROMPTS).find({ where: { id: idPrompt } }))[0]
      : undefined;
    if (idPrompt && !prompt) throw unprocessable(`Prompt ${idPrompt} no encontrado`, 'INVALID_PROMPTS');
    for (const text of body) {
      const existing = text.id !== undefined ? byId.get(text.id) : undefined;
      const changes: PlainRow = {};
      if (typeof text.texto === 'string') changes.texto = text.texto;
      if (text.revisado_sn === 'S' || text.revisado_sn === 'N') changes.revisado_sn = text.revisado_sn;
      if (existing) {
        if (Object.keys(changes).length) await this.scope.repo(TEXTS).updateById(existing.id, changes);
        out.push({ ...plainOf(existing), ...changes });
        continue;
      }
      const promptId = text.marketplacePromptId ?? idPrompt;
      if (!text.campo || !promptId)
        throw unprocessable('Cada texto nuevo necesita campo y marketplacePromptId');
      const thePrompt =
        prompt && num(prompt.id) === promptId
          ? prompt
          : (await this.scope.repo(PROMPTS).find({ where: { id: promptId } }))[0];
      if (!thePrompt) throw unprocessable(`Prompt ${promptId} no encontrado`, 'INVALID_PROMPTS');
      const idioma = text.idioma ?? DEFAULT_LANGUAGE;
      const [same] = await this.scope.repo(TEXTS).find({
        where: { productoId: text.productoId, marketplacePromptId: promptId, campo: text.campo, idioma },
      });
      if (same) {
        await this.scope.repo(TEXTS).updateById(same.id, changes);
        out.push({ ...plainOf(same), ...changes });
      } else {
        out.push(
          await this.scope.repo(TEXTS).create({
            productoId: text.productoId,
            marketplacePromptId: promptId,
            marketplaceId: thePrompt.marketplaceId,
            idioma,
            campo: text.campo,
            texto: text.texto ?? '',
            revisado_sn: changes.revisado_sn ?? 'N',
            fechaGeneracion: isoNow(),
          }),
        );
      }
    }
    return out;
  }
}
