/**
 * Text generation endpoints (docs/requirements.md#r7-api "Text generation"), over TextGenerationService (server/ai/). All scoped
 * to the caller's companies through the products. Decisions (see also the service's header):
 *
 * - PATCH /ProductosGeneracionTextos/updateManyProcesado {ids, nuevoEstado}: `ids` are TextosGenerados ids and
 *   nuevoEstado 'S' | 'N' their review state (revisado_sn) — the review screen's bulk approve/unapprove.
 *   Answers {count} (texts of products the caller cannot see are not counted nor changed).
 * - POST /ProductosGeneracionTextos/createMany: a pending row of the same product, prompt and languages is
 *   reused instead of queued again (answer: one row per item, the reused one included).
 * - GET /generarTextosIAPorProcesoManual: processes the pending queue rows given by `ids` (comma list of
 *   ProductosGeneracionTextos ids; the app sends ONE row per call and shows the progress), or the first
 *   50 pending ones. `sobrescribirRevisados=S` replaces texts already reviewed (the app asks first).
 *   Bounded: the work of one call stops at AI_REQUEST_BUDGET_MS (default 40 s, under the app's 60 s HTTP
 *   time-out); rows not started in time stay pending and are counted in `pendientes` (call again), a row
 *   that alone overruns it fails with the reason. No server-wide lock: each row is claimed while processed,
 *   so a manual call waits at most for the one row a nightly run is generating.
 * - GET /generarTextosIAPorProcesoNocturno: every pending row (unbounded: a scheduled job, not the app).
 * - PATCH /ProductosGeneracionTextos/cancelarPendientes {ids} (reference-API addition, not in docs/requirements.md#r7-api): the
 *   app's "Detener" and leaving the page mid-run. The pending rows among `ids` (not being processed right
 *   now) end procesado 'S', estado 'NoEjecutado', motivo 'Cancelada por el usuario antes de procesarse', so
 *   no later manual or nightly run generates them. Answers {count, enProceso: ids still being processed}.
 * - POST /generarTextos_IA_API_SVAN?$endpoint= {base64Data}: base64 of a JSON array of
 *   {productoId, marketplacePromptId?, marketplaceId?, idiomas?}. 'pim/process-base64' generates and returns
 *   the texts only (nothing stored); 'pim/process-base64-direct' queues and processes them at once (stored
 *   with revisado_sn 'N'). Answer {status: 'Ejecutado' | 'NoEjecutado', mensaje, resultados|textos}. Both
 *   are bounded by the same budget (the app sends one product and marketplace per call): texts not generated
 *   in time answer an error, rows not processed in time stay queued (reported in the message).
 * - GET /obtenerRegistrosVistaMarketPlaceProductoGeneral: products × marketplaces with their text counts, sorted
 *   by product name and marketplace code, grouped, counted and paged in the database; `limit`/`skip` give one page
 *   (without them: every row) and X-Total-Count the number of rows matching. `texto` (reference-API addition):
 *   part of the product's name or title, case-insensitive — the review screen's "Producto o título".
 * - GET /generacion-textos/prompts?productos=&marketplaces=: which prompt applies to each product (by its
 *   category) for each marketplace — what the app sends to createMany.
 */
import { BindingKey, inject } from '@loopback/core';
import {
  get,
  HttpErrors,
  param,
  patch,
  post,
  requestBody,
  RestBindings,
  type Response,
  type SchemaObject,
} from '@loopback/rest';
import { checkLimit } from '../query-guard';
import { CAMPO_SUFFIXES, lista, listaIds } from '../../src/core/aiTexts/fields';
import { requestBudget } from '../ai/budget';
import { RowClaims } from '../ai/claims';
import { AiBindings, generatorFromEnv, type TextGenerator } from '../ai/generator';
import {
  TextGenerationService,
  MANUAL_BATCH,
  DEFAULT_CONCURRENCY,
  DEFAULT_REQUEST_BUDGET_MS,
  type GenerationOptions,
  type ProcessSummary,
  type QueueClaims,
  type QueueItem,
  type TextInput,
  type VistaRow,
} from '../ai/text-generation-service';
import { AuthBindings, type CompanyAccess } from '../auth/keys';
import { FeatureBindings, type Feature } from '../feature';
import type { PlainRow, RepositorySet } from '../repository-set';
import { requires } from '../auth/permiso';
import { GENERATE_TEXTOS } from '../../src/core/apiPermisos';

const CLAIMS = BindingKey.create<QueueClaims>('pim.textGeneration.claims');
const OPTIONS = BindingKey.create<GenerationOptions>('pim.textGeneration.options');

const positive = (value: string | undefined, fallback: number): number => {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

/** AI_REQUEST_BUDGET_MS (default 40 s) and AI_CONCURRENCY (default 3). */
export const optionsFromEnv = (env: NodeJS.ProcessEnv = process.env): GenerationOptions => ({
  requestBudgetMs: positive(env.AI_REQUEST_BUDGET_MS, DEFAULT_REQUEST_BUDGET_MS),
  concurrency: Math.floor(positive(env.AI_CONCURRENCY, DEFAULT_CONCURRENCY)),
});

export const DISPATCH_ENDPOINTS = ['pim/process-base64', 'pim/process-base64-direct'] as const;

const jsonBody = (schema: SchemaObject) => ({ required: true, content: { 'application/json': { schema } } });

const CREATE_MANY_SCHEMA: SchemaObject = {
  type: 'array',
  maxItems: 5000,
  items: {
    type: 'object',
    required: ['productoId', 'marketplacePromptId'],
    additionalProperties: false,
    properties: {
      productoId: { type: 'integer', minimum: 1 },
      marketplacePromptId: { type: 'integer', minimum: 1 },
      idiomas: { type: 'string', maxLength: 100 },
    },
  },
};

const UPDATE_MANY_SCHEMA: SchemaObject = {
  type: 'object',
  required: ['ids', 'nuevoEstado'],
  additionalProperties: false,
  properties: {
    ids: { type: 'array', items: { type: 'integer', minimum: 1 }, maxItems: 5000 },
    nuevoEstado: { type: 'string', enum: ['S', 'N'] },
  },
};

const TEXTS_SCHEMA: SchemaObject = {
  type: 'array',
  maxItems: 1000,
  items: {
    type: 'object',
    additionalProperties: false,
    properties: {
      id: { type: 'integer', minimum: 1 },
      productoId: { type: 'integer', minimum: 1 },
      marketplacePromptId: { type: 'integer', minimum: 1 },
      marketplaceId: { type: 'integer' },
      campo: { type: 'string', maxLength: 100 },
      idioma: { type: 'string', maxLength: 10 },
      texto: { type: 'string' },
      revisado_sn: { type: 'string', enum: ['S', 'N'] },
    },
  },
};

const CANCEL_SCHEMA: SchemaObject = {
  type: 'object',
  required: ['ids'],
  additionalProperties: false,
  properties: { ids: { type: 'array', items: { type: 'integer', minimum: 1 }, maxItems: 5000 } },
};

const DISPATCH_SCHEMA: SchemaObject = {
  type: 'object',
  required: ['base64Data'],
  additionalProperties: false,
  properties: { base64Data: { type: 'string', minLength: 1 } },
};

const badParameter = (name: string, message: string): Error =>
  Object.assign(new HttpErrors.BadRequest(`Invalid parameter "${name}": ${message}`), {
    code: 'INVALID_PARAMETER_VALUE',
  });

const integerList = (name: string, value: string | undefined): number[] | undefined => {
  if (value === undefined || value.trim() === '') return undefined;
  const parts = lista(value);
  const ids = listaIds(value);
  if (ids.length !== parts.length) throw badParameter(name, 'debe ser una lista de ids separados por comas');
  return ids;
};

const sn = (value: string | undefined): boolean => /^(s|si|sí|true|1)$/i.test(value?.trim() ?? '');

interface DispatchItem {
  productoId: number;
  marketplacePromptId?: number;
  marketplaceId?: number;
  idiomas?: string;
}

/** Products one AI dispatch may carry (each one is a generation call). */
export const MAX_DISPATCH_ITEMS = 200;

function decodeDispatch(base64Data: string): DispatchItem[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(base64Data, 'base64').toString('utf8'));
  } catch {
    throw Object.assign(new HttpErrors.BadRequest('base64Data no contiene un JSON en base 64 válido'), {
      code: 'INVALID_BASE64_DATA',
    });
  }
  const list = Array.isArray(parsed) ? parsed : (parsed as { productos?: unknown })?.productos;
  if (!Array.isArray(list))
    throw Object.assign(new HttpErrors.BadRequest('base64Data debe ser una lista de productos'), {
      code: 'INVALID_BASE64_DATA',
    });
  if (list.length > MAX_DISPATCH_ITEMS) {
    throw Object.assign(
      new HttpErrors.UnprocessableEntity(
        `Se pueden enviar como máximo ${MAX_DISPATCH_ITEMS} productos por petición (llegaron ${list.length}).`,
      ),
      { code: 'TOO_MANY_ITEMS' },
    );
  }
  return list.map((raw) => {
    const item = (raw ?? {}) as Record<string, unknown>;
    const productoId = Number(item.productoId ?? item.idProducto ?? item.id);
    if (!Number.isInteger(productoId) || productoId < 1)
      throw Object.assign(new HttpErrors.BadRequest('Cada producto de base64Data necesita productoId'), {
        code: 'INVALID_BASE64_DATA',
      });
    const optional = (key: string) =>
      Number.isInteger(Number(item[key])) && Number(item[key]) > 0 ? Number(item[key]) : undefined;
    return {
      productoId,
      marketplacePromptId: optional('marketplacePromptId'),
      marketplaceId: optional('marketplaceId'),
      idiomas: typeof item.idiomas === 'string' ? item.idiomas : undefined,
    };
  });
}

export class TextGenerationController {
  private readonly service: TextGenerationService;

  constructor(
    @inject(FeatureBindings.REPOSITORIES) repositories: RepositorySet,
    @inject(AuthBindings.COMPANY_ACCESS) access: CompanyAccess,
    @inject(AiBindings.GENERATOR) generator: TextGenerator,
    @inject(CLAIMS) claims: QueueClaims,
    @inject(OPTIONS) options: GenerationOptions,
  ) {
    this.service = new TextGenerationService(repositories, access, generator, claims, options);
  }

  @post(
    '/ProductosGeneracionTextos/createMany',
    requires({ action: 'create', resource: 'ProductosGeneracionTextos' }),
  )
  async createMany(@requestBody(jsonBody(CREATE_MANY_SCHEMA)) body: QueueItem[]): Promise<PlainRow[]> {
    return this.service.createMany(body);
  }

  @patch(
    '/ProductosGeneracionTextos/updateManyProcesado',
    requires({ action: 'update', resource: 'ProductosGeneracionTextos' }),
  )
  async updateManyProcesado(
    @requestBody(jsonBody(UPDATE_MANY_SCHEMA)) body: { ids: number[]; nuevoEstado: 'S' | 'N' },
  ): Promise<{ count: number }> {
    return this.service.setRevisado(body.ids, body.nuevoEstado);
  }

  @patch(
    '/ProductosGeneracionTextos/cancelarPendientes',
    requires({ action: 'update', resource: 'ProductosGeneracionTextos' }),
  )
  async cancelarPendientes(
    @requestBody(jsonBody(CANCEL_SCHEMA)) body: { ids: number[] },
  ): Promise<{ count: number; enProceso: number[] }> {
    return this.service.cancel(body.ids);
  }

  @get('/generarTextosIAPorProcesoManual', requires(GENERATE_TEXTOS))
  async manual(
    @param.query.string('ids') ids?: string,
    @param.query.string('sobrescribirRevisados') sobrescribir?: string,
  ): Promise<ProcessSummary> {
    const list = integerList('ids', ids);
    return this.service.process({
      ids: list,
      sobrescribirRevisados: sn(sobrescribir),
      limit: list ? undefined : MANUAL_BATCH,
      budgetMs: this.service.requestBudgetMs,
    });
  }

  @get('/generarTextosIAPorProcesoNocturno', requires(GENERATE_TEXTOS))
  async nightly(): Promise<ProcessSummary> {
    return this.service.process({});
  }

  @get('/generarTextosIAPromptDePruebas', requires(GENERATE_TEXTOS))
  async pruebas(
    @param.query.integer('idProducto', { required: true }) idProducto: number,
    @param.query.string('campoUno') campoUno?: string,
    @param.query.string('campoDos') campoDos?: string,
    @param.query.string('campoTres') campoTres?: string,
    @param.query.string('campoCuatro') campoCuatro?: string,
    @param.query.string('campoCinco') campoCinco?: string,
    @param.query.string('promptCampoUno') promptCampoUno?: string,
    @param.query.string('promptCampoDos') promptCampoDos?: string,
    @param.query.string('promptCampoTres') promptCampoTres?: string,
    @param.query.string('promptCampoCuatro') promptCampoCuatro?: string,
    @param.query.string('promptCampoCinco') promptCampoCinco?: string,
    @param.query.string('idiomas') idiomas?: string,
  ): Promise<PlainRow[]> {
    const campos = [campoUno, campoDos, campoTres, campoCuatro, campoCinco];
    const prompts = [promptCampoUno, promptCampoDos, promptCampoTres, promptCampoCuatro, promptCampoCinco];
    const pares = CAMPO_SUFFIXES.map((_, i) => ({
      campo: campos[i]?.trim() ?? '',
      prompt: prompts[i] ?? '',
    })).filter((pair) => pair.campo);
    if (!pares.length) throw badParameter('campoUno', 'indica al menos un campo');
    return this.service.pruebas(idProducto, pares, lista(idiomas));
  }

  @post('/guardar-textos-generados', requires({ action: 'update', resource: 'TextosGenerados' }))
  async guardar(
    @param.query.integer('idMarketPlacePrompt') idMarketPlacePrompt: number | undefined,
    @requestBody(jsonBody(TEXTS_SCHEMA)) body: TextInput[],
  ): Promise<PlainRow> {
    const textos = await this.service.guardar(idMarketPlacePrompt, body);
    return { status: 'OK', count: textos.length, textos };
  }

  @get(
    '/obtenerTodosLosTextosGeneradosParaElProducto',
    requires({ action: 'read', resource: 'TextosGenerados' }),
  )
  async textosProducto(
    @param.query.integer('idProducto', { required: true }) idProducto: number,
  ): Promise<PlainRow[]> {
    return this.service.textosProducto(idProducto);
  }

  @get(
    '/obtenerTodosLosTextosGeneradosEnRevisadoParaTodosLosProductos',
    requires({ action: 'read', resource: 'TextosGenerados' }),
  )
  async revisados(
    @param.query.string('idProducto') idProducto?: string,
    @param.query.string('categoria') categoria?: string,
    @param.query.string('subcategoria') subcategoria?: string,
    @param.query.string('marketplaces') marketplaces?: string,
  ): Promise<PlainRow[]> {
    return this.service.revisados({
      productos: integerList('idProducto', idProducto),
      categoria,
      subcategoria,
      marketplaces: integerList('marketplaces', marketplaces),
    });
  }

  @get(
    '/obtenerRegistrosVistaMarketPlaceProductoGeneral',
    requires({ action: 'read', resource: 'TextosGenerados' }),
  )
  async vista(
    @param.query.string('productos') productos: string | undefined,
    @param.query.string('categoria') categoria: string | undefined,
    @param.query.string('subcategoria') subcategoria: string | undefined,
    @param.query.string('marketplaces') marketplaces: string | undefined,
    @param.query.string('idmarketplacesprompt') idmarketplacesprompt: string | undefined,
    @param.query.string('emailUsuarioLogueado') _email: string | undefined,
    @param.query.string('revision') revision: string | undefined,
    @param.query.string('texto') texto: string | undefined,
    @param.query.integer('limit') limit: number | undefined,
    @param.query.integer('skip') skip: number | undefined,
    @inject(RestBindings.Http.RESPONSE) response: Response,
  ): Promise<VistaRow[]> {
    checkLimit(limit);
    const prompt = integerList('idmarketplacesprompt', idmarketplacesprompt);
    const { rows, total } = await this.service.vista(
      {
        productos: integerList('productos', productos),
        categoria,
        subcategoria,
        marketplaces: integerList('marketplaces', marketplaces),
        idmarketplacesprompt: prompt?.[0],
        revision: revision?.trim() || undefined,
        texto: texto?.trim() || undefined,
      },
      { limit, skip },
    );
    response.setHeader('X-Total-Count', String(total));
    response.setHeader('Access-Control-Expose-Headers', 'X-Total-Count');
    return rows;
  }

  @get('/existeMarketPlaceYCategoria', requires({ action: 'read', resource: 'MarketPlaces' }))
  async existe(
    @param.query.integer('marketplaceId', { required: true }) marketplaceId: number,
    @param.query.string('categoriaId', { required: true }) categoriaId: string,
    @param.query.integer('idExcluir') idExcluir?: number,
  ): Promise<{ existe: boolean }> {
    return { existe: await this.service.existePrompt(marketplaceId, categoriaId, idExcluir) };
  }

  @get('/generacion-textos/prompts', requires({ action: 'read', resource: 'MarketPlacePrompts' }))
  async prompts(
    @param.query.string('productos', { required: true }) productos: string,
    @param.query.string('marketplaces') marketplaces?: string,
  ): Promise<PlainRow> {
    return this.service.promptsParaProductos(
      integerList('productos', productos) ?? [],
      integerList('marketplaces', marketplaces) ?? [],
    );
  }

  @post('/generarTextos_IA_API_SVAN', requires(GENERATE_TEXTOS))
  async dispatch(
    @param.query.string('$endpoint', { required: true }) endpoint: string,
    @requestBody(jsonBody(DISPATCH_SCHEMA)) body: { base64Data: string },
  ): Promise<PlainRow> {
    if (!(DISPATCH_ENDPOINTS as readonly string[]).includes(endpoint))
      throw badParameter('$endpoint', `usa ${DISPATCH_ENDPOINTS.join(' o ')}`);
    const items = decodeDispatch(body.base64Data);
    if (!items.length) return { status: 'NoEjecutado', mensaje: 'No se recibieron productos' };
    const queue: QueueItem[] = [];
    const missing: number[] = [];
    for (const item of items) {
      if (item.marketplacePromptId) {
        queue.push({
          productoId: item.productoId,
          marketplacePromptId: item.marketplacePromptId,
          idiomas: item.idiomas,
        });
        continue;
      }
      const { pares } = await this.service.promptsParaProductos(
        [item.productoId],
        item.marketplaceId ? [item.marketplaceId] : [],
      );
      if (!pares.length) missing.push(item.productoId);
      for (const pair of pares)
        queue.push({
          productoId: pair.productoId,
          marketplacePromptId: pair.marketplacePromptId,
          idiomas: item.idiomas,
        });
    }
    const note = missing.length ? ` Sin prompt para los productos ${missing.join(', ')}.` : '';
    if (!queue.length)
      return { status: 'NoEjecutado', mensaje: `Ningún producto tiene un prompt aplicable.${note}` };
    if (endpoint === 'pim/process-base64') {
      const textos: PlainRow[] = [];
      let errors = 0;
      const budget = requestBudget(this.service.requestBudgetMs);
      try {
        for (const item of queue) {
          const out = await this.service.generarSinGuardar(item, budget);
          errors += out.filter((t) => t.error).length;
          textos.push(...out);
        }
      } finally {
        budget.clear();
      }
      return {
        status: errors || missing.length ? 'NoEjecutado' : 'Ejecutado',
        mensaje: `${textos.length - errors} texto(s) generado(s), ${errors} con error.${note}`,
        textos,
      };
    }
    const created = await this.service.createMany(queue);
    const summary = await this.service.process({
      ids: [...new Set(created.map((row) => Number(row.id)))],
      budgetMs: this.service.requestBudgetMs,
    });
    const left = summary.pendientes
      ? ` ${summary.pendientes} generación(es) no cupieron en el tiempo de la petición y siguen en la cola.`
      : '';
    return {
      status: summary.fallidos || summary.pendientes || missing.length ? 'NoEjecutado' : 'Ejecutado',
      mensaje: `${summary.ejecutados} de ${summary.procesados} generación(es) ejecutada(s).${left}${note}`,
      ...summary,
    };
  }
}

export const feature: Feature = {
  name: 'text-generation',
  register: ({ app }) => {
    app.bind(CLAIMS).to(new RowClaims());
    app.bind(OPTIONS).to(optionsFromEnv());
    if (!app.isBound(AiBindings.GENERATOR)) app.bind(AiBindings.GENERATOR).to(generatorFromEnv());
    app.controller(TextGenerationController);
  },
};
