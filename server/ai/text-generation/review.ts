/**
 * Reading and reviewing generated texts: a product's texts, the reviewed ones, the products × marketplaces view
 * with counts and review state, the review flag, and texts edited in the review screen.
 */
import type { AnyObject } from '@loopback/repository';
import { HttpErrors } from '@loopback/rest';
import { categoryKeys, matchesCategory, subcategoryKeys } from '../../../src/core/aiTexts/categories';
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
  type VistaRow,
} from './shared';

export class TextReview {
  constructor(private readonly scope: TextScope) {}

  async textosProducto(idProducto: number): Promise<AnyObject[]> {
    const visible = await this.scope.visibleProductIds([idProducto]);
    if (!visible.has(idProducto)) throw new HttpErrors.NotFound(`Producto ${idProducto} no encontrado`);
    const [texts, marketplaces] = await Promise.all([
      this.scope.repo(TEXTS).find({ where: { productoId: idProducto }, order: ['id ASC'] }),
      this.scope.repo(MARKETPLACES).find(),
    ]);
    const codigo = new Map(marketplaces.map((m) => [num(m.id), m.codigo]));
    return texts
      .map((text): AnyObject => ({
        ...plainOf(text),
        marketplaceCodigo: codigo.get(num(text.marketplaceId)),
      }))
      .sort(
        (a, b) =>
          String(a.marketplaceCodigo ?? '').localeCompare(String(b.marketplaceCodigo ?? '')) ||
          num(a.id) - num(b.id),
      );
  }

  /** Products (visible) passing the category/subcategory/product filters. */
  private async filteredProducts(filters: ReviewFilters): Promise<Row[]> {
    const products = await this.scope.visibleProducts(
      filters.productos?.length ? filters.productos : undefined,
    );
    if (!filters.categoria && !filters.subcategoria) return products;
    const categorias = asCategorias(await this.scope.repo(CATEGORIES).find());
    return products.filter(
      (p) =>
        matchesCategory(categoryKeys(p.categorias, categorias, p.empresaId), filters.categoria) &&
        matchesCategory(subcategoryKeys(p.categorias, categorias, p.empresaId), filters.subcategoria),
    );
  }

  private async textsOf(productIds: readonly number[], filters: ReviewFilters): Promise<Row[]> {
    if (!productIds.length) return [];
    const where: AnyObject = { productoId: { inq: [...productIds] } };
    if (filters.marketplaces?.length) where.marketplaceId = { inq: filters.marketplaces };
    if (filters.idmarketplacesprompt) where.marketplacePromptId = filters.idmarketplacesprompt;
    return this.scope.repo(TEXTS).find({ where, order: ['id ASC'] });
  }

  async revisados(filters: ReviewFilters): Promise<AnyObject[]> {
    const products = await this.filteredProducts(filters);
    const texts = await this.textsOf(
      products.map((p) => num(p.id)),
      filters,
    );
    const nombre = new Map(products.map((p) => [num(p.id), p.nombre]));
    return texts
      .filter((t) => t.revisado_sn === 'S')
      .map((t) => ({ ...plainOf(t), productoNombre: nombre.get(num(t.productoId)) }));
  }

  /** Products × marketplaces with their text counts and review state. */
  async vista(filters: ReviewFilters): Promise<VistaRow[]> {
    const products = await this.filteredProducts(filters);
    const ids = products.map((p) => num(p.id));
    const [texts, generals, marketplaces] = await Promise.all([
      this.textsOf(ids, filters),
      this.scope.generalsOf(ids),
      this.scope.repo(MARKETPLACES).find(),
    ]);
    const codigo = new Map(marketplaces.map((m) => [num(m.id), m.codigo as string]));
    const byProduct = new Map(products.map((p) => [num(p.id), p]));
    const groups = new Map<string, VistaRow>();
    for (const text of texts) {
      const productoId = num(text.productoId);
      const marketplaceId = num(text.marketplaceId);
      const key = `${productoId}|${marketplaceId}`;
      let group = groups.get(key);
      if (!group) {
        const product = byProduct.get(productoId);
        group = {
          productoId,
          nombre: String(product?.nombre ?? ''),
          titulo: generals.get(productoId)?.titulo as string | undefined,
          categorias: product?.categorias as string | undefined,
          activoEnMarketplace: (product?.activoEnMarketplace as string | null | undefined) ?? null,
          marketplaceId,
          marketplaceCodigo: codigo.get(marketplaceId),
          marketplacePromptId: text.marketplacePromptId as number | undefined,
          total: 0,
          revisados: 0,
          estado: '',
          textIds: [],
        };
        groups.set(key, group);
      }
      group.total += 1;
      group.textIds.push(num(text.id));
      if (text.revisado_sn === 'S') group.revisados += 1;
      const fecha = text.fechaGeneracion ? new Date(text.fechaGeneracion as string).toISOString() : undefined;
      if (fecha && (!group.fechaGeneracion || fecha > group.fechaGeneracion)) group.fechaGeneracion = fecha;
    }
    const rows = [...groups.values()].map((row) => ({
      ...row,
      estado: estadoRevisionDeConteo(row.total, row.revisados),
    }));
    return rows
      .filter((row) => !filters.revision || row.estado === filters.revision)
      .sort(
        (a, b) =>
          a.nombre.localeCompare(b.nombre) ||
          String(a.marketplaceCodigo).localeCompare(String(b.marketplaceCodigo)),
      );
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
  async guardar(idPrompt: number | undefined, body: readonly TextInput[]): Promise<AnyObject[]> {
    const out: AnyObject[] = [];
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
      const changes: AnyObject = {};
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
