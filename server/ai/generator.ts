/**
 * The AI text generator seam. Everything that generates marketplace texts goes through a TextGenerator bound
 * under AiBindings.GENERATOR: by default the deterministic LocalTextGenerator (builds the text from the prompt's
 * field and the product's data, per language, with no network); an OpenAI-compatible chat-completions client
 * when AI_API_URL (and AI_API_KEY) are set.
 */
import { BindingKey } from '@loopback/core';

export interface ProductData {
  id: number;
  nombre: string;
  /** ProductoGeneral fields (titulo, descripcion, marca, color, puntosClave…), when there is a record. */
  general: Readonly<Record<string, unknown>>;
  categorias?: string | null;
}

export interface GenerationRequest {
  producto: ProductData;
  campo: string;
  prompt: string;
  idioma: string;
  marketplace?: string;
  /**
   * Aborts the generation (the caller's time budget ran out). A generator rejects with `signal.reason` when it
   * is a GenerationError, else with its own GenerationError.
   */
  signal?: AbortSignal;
}

export interface TextGenerator {
  readonly name: string;
  generate(request: GenerationRequest): Promise<string>;
}

export const AiBindings = {
  GENERATOR: BindingKey.create<TextGenerator>('pim.ai.generator'),
};

/** A generator failure whose message a person can act on (stored as the queue row's reason). */
export class GenerationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GenerationError';
  }
}

const LANGUAGE_LABELS: Record<string, { para: string; producto: string; marca: string; campo: string }> = {
  es: { para: 'para', producto: 'Producto', marca: 'Marca', campo: 'Campo' },
  en: { para: 'for', producto: 'Product', marca: 'Brand', campo: 'Field' },
  de: { para: 'für', producto: 'Produkt', marca: 'Marke', campo: 'Feld' },
  fr: { para: 'pour', producto: 'Produit', marca: 'Marque', campo: 'Champ' },
  pt: { para: 'para', producto: 'Produto', marca: 'Marca', campo: 'Campo' },
};

const clean = (value: unknown): string =>
  typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : '';

/** Deterministic: same product, field, prompt and language → same text. Marked with the language in brackets. */
export class LocalTextGenerator implements TextGenerator {
  readonly name = 'local';

  async generate({
    producto,
    campo,
    prompt,
    idioma,
    marketplace,
    signal,
  }: GenerationRequest): Promise<string> {
    if (signal?.aborted)
      throw signal.reason instanceof Error ? signal.reason : new GenerationError('Cancelada');
    const words = LANGUAGE_LABELS[idioma] ?? LANGUAGE_LABELS.es;
    const g = producto.general;
    const titulo = clean(g.titulo) || producto.nombre;
    const marca = clean(g.marca);
    const source = clean(g[campo]);
    const where = marketplace ? ` ${words.para} ${marketplace}` : '';
    const head = idioma === 'es' ? '' : `[${idioma.toUpperCase()}] `;
    const maxMatch = /m[aá]ximo\s+(\d+)\s+caracteres/i.exec(prompt);
    let text: string;
    switch (campo) {
      case 'titulo':
        text = [marca, titulo, clean(g.color).toLowerCase()].filter(Boolean).join(' ');
        break;
      case 'palabrasClave':
        text =
          source ||
          [titulo, marca, clean(producto.categorias)]
            .join(' ')
            .toLowerCase()
            .split(/[\s;,]+/)
            .filter((w) => w.length > 3)
            .filter((w, i, all) => all.indexOf(w) === i)
            .slice(0, 12)
            .join(', ');
        break;
      default:
        text =
          `${titulo}${marca ? ` (${words.marca}: ${marca})` : ''}${where}. ` +
          (source || clean(g.descripcion) || `${words.producto} ${producto.nombre}.`);
    }
    const full = head + text;
    const max = maxMatch ? Number(maxMatch[1]) : 0;
    return max > 0 && full.length > max ? `${full.slice(0, max - 1).trimEnd()}…` : full;
  }
}

export interface ChatClientOptions {
  /** Base URL (…/v1) or the full chat-completions URL. */
  url: string;
  apiKey?: string;
  model?: string;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

const LANGUAGE_NAMES: Record<string, string> = {
  es: 'español',
  en: 'inglés',
  de: 'alemán',
  fr: 'francés',
  pt: 'portugués',
};

/**
 * An AbortController over a whole HTTP exchange: it aborts after `timeoutMs` or when the caller's `outer` signal
 * aborts; `race` makes any step (e.g. reading the body) reject as soon as it aborts, even if the body stream
 * ignores the signal; `failure` turns what went wrong into a GenerationError a person can act on.
 */
export function abortableExchange(timeoutMs: number, outer?: AbortSignal) {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(
      new GenerationError(`El servicio de IA no respondió en ${Math.round(timeoutMs / 1000)} s`),
    );
  }, timeoutMs);
  const forward = () => controller.abort(outer?.reason);
  if (outer?.aborted) forward();
  else outer?.addEventListener('abort', forward, { once: true });
  const aborted = new Promise<never>((_, reject) => {
    const fail = () => reject(controller.signal.reason);
    if (controller.signal.aborted) fail();
    else controller.signal.addEventListener('abort', fail, { once: true });
  });
  aborted.catch(() => undefined);
  return {
    signal: controller.signal,
    race: <T>(step: Promise<T>): Promise<T> => Promise.race([step, aborted]),
    failure: (error: unknown, stage: 'connect' | 'read' = 'connect'): GenerationError => {
      if (controller.signal.aborted) {
        const reason: unknown = controller.signal.reason;
        if (reason instanceof GenerationError) return reason;
        return new GenerationError(
          timedOut
            ? `El servicio de IA no respondió en ${Math.round(timeoutMs / 1000)} s`
            : 'La generación se interrumpió',
        );
      }
      if (error instanceof GenerationError) return error;
      const message = error instanceof Error ? error.message : String(error);
      return new GenerationError(
        stage === 'read'
          ? `La respuesta del servicio de IA se interrumpió: ${message}`
          : `No se pudo conectar con el servicio de IA: ${message}`,
      );
    },
    clear: () => {
      clearTimeout(timer);
      outer?.removeEventListener('abort', forward);
    },
  };
}

/** OpenAI-compatible POST {url}/chat/completions; the reply is choices[0].message.content. */
export class ChatCompletionsGenerator implements TextGenerator {
  readonly name = 'chat-completions';
  private readonly endpoint: string;

  constructor(private readonly options: ChatClientOptions) {
    const base = options.url.replace(/\/+$/, '');
    this.endpoint = /\/chat\/completions$/.test(base) ? base : `${base}/chat/completions`;
  }

  async generate({
    producto,
    campo,
    prompt,
    idioma,
    marketplace,
    signal,
  }: GenerationRequest): Promise<string> {
    const fetchImpl = this.options.fetchImpl ?? fetch;
    const timeoutMs = this.options.timeoutMs ?? 30_000;
    const data = { nombre: producto.nombre, categorias: producto.categorias, ...producto.general };
    const body = {
      model: this.options.model ?? 'gpt-4o-mini',
      temperature: 0.4,
      messages: [
        {
          role: 'system',
          content:
            'Eres un redactor de fichas de producto para marketplaces. Responde solo con el texto pedido, ' +
            'sin HTML ni comentarios, usando únicamente los datos facilitados.',
        },
        {
          role: 'user',
          content:
            `${prompt}\n\nCampo: ${campo}\nMarketplace: ${marketplace ?? '-'}\n` +
            `Idioma de la respuesta: ${LANGUAGE_NAMES[idioma] ?? idioma}\n` +
            `Datos del producto (JSON): ${JSON.stringify(data)}`,
        },
      ],
    };
    // One deadline over the WHOLE exchange (connection, headers AND body): a service that sends the headers
    // and then stalls must not hang the generation.
    const exchange = abortableExchange(timeoutMs, signal);
    let response: Response | undefined;
    let text: string;
    try {
      response = await fetchImpl(this.endpoint, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...(this.options.apiKey ? { Authorization: `Bearer ${this.options.apiKey}` } : {}),
        },
        body: JSON.stringify(body),
        signal: exchange.signal,
      });
      text = await exchange.race(response.text());
    } catch (error) {
      throw exchange.failure(error, response ? 'read' : 'connect');
    } finally {
      exchange.clear();
    }
    if (!response.ok) {
      let detail = text.slice(0, 200);
      try {
        const parsed = JSON.parse(text) as { error?: { message?: string } | string };
        detail = typeof parsed.error === 'string' ? parsed.error : (parsed.error?.message ?? detail);
      } catch {
        // not JSON: keep the raw start of the body
      }
      throw new GenerationError(`El servicio de IA respondió ${response.status}: ${detail}`);
    }
    let content: unknown;
    try {
      content = (JSON.parse(text) as { choices?: { message?: { content?: unknown } }[] }).choices?.[0]
        ?.message?.content;
    } catch {
      throw new GenerationError('Respuesta del servicio de IA no válida (no es JSON)');
    }
    if (typeof content !== 'string' || !content.trim())
      throw new GenerationError('El servicio de IA devolvió un texto vacío');
    return content.trim();
  }
}

/** AI_API_URL set → chat-completions client (AI_API_KEY, AI_MODEL, AI_TIMEOUT_MS); otherwise the local generator. */
export function generatorFromEnv(env: NodeJS.ProcessEnv = process.env): TextGenerator {
  const url = env.AI_API_URL?.trim();
  if (!url) return new LocalTextGenerator();
  const timeout = Number(env.AI_TIMEOUT_MS);
  return new ChatCompletionsGenerator({
    url,
    apiKey: env.AI_API_KEY?.trim() || undefined,
    model: env.AI_MODEL?.trim() || undefined,
    timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : undefined,
  });
}
