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

  async generate({ producto, campo, prompt, idioma, marketplace }: GenerationRequest): Promise<string> {
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

/** OpenAI-compatible POST {url}/chat/completions; the reply is choices[0].message.content. */
export class ChatCompletionsGenerator implements TextGenerator {
  readonly name = 'chat-completions';
  private readonly endpoint: string;

  constructor(private readonly options: ChatClientOptions) {
    const base = options.url.replace(/\/+$/, '');
    this.endpoint = /\/chat\/completions$/.test(base) ? base : `${base}/chat/completions`;
  }

  async generate({ producto, campo, prompt, idioma, marketplace }: GenerationRequest): Promise<string> {
    const fetchImpl = this.options.fetchImpl ?? fetch;
    const timeoutMs = this.options.timeoutMs ?? 30_000;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
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
    let response: Response;
    try {
      response = await fetchImpl(this.endpoint, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...(this.options.apiKey ? { Authorization: `Bearer ${this.options.apiKey}` } : {}),
        },
        body: JSON.stringify(body),
        signal: controller.signal,
      });
    } catch (error) {
      if (controller.signal.aborted)
        throw new GenerationError(`El servicio de IA no respondió en ${Math.round(timeoutMs / 1000)} s`);
      throw new GenerationError(`No se pudo conectar con el servicio de IA: ${(error as Error).message}`);
    } finally {
      clearTimeout(timer);
    }
    const text = await response.text();
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
