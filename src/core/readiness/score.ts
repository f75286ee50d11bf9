/**
 * Readiness of a product for a marketplace: what the marketplace's rules ask (required fields and attributes,
 * optionally only for products of a category or family; a principal image; a valid GTIN; the generated texts
 * of its prompts reviewed) checked against the product and its parts, as a percentage of the checks met and
 * the list of what is missing — each with a Spanish message and a link to the screen where it is fixed.
 * Shared by the API (which computes and stores the scores) and the app. Pure.
 */
import { gs1Error } from '../gtin';

export const READINESS_PATH = (productId: number | string): string => `/productos/${productId}/preparacion`;
/** Per marketplace: products scored, ready (100 %) and below 80 % (the landing page's counts). */
export const SUMMARY_PATH = '/preparacion/resumen';

export interface ReadinessSummary {
  marketplaceId: number;
  marketplace: string;
  productos: number;
  listos: number;
  bajos: number;
  /** The marketplace's rules (none: every product counts as ready, nothing is asked of it). */
  reglas: number;
}

/** The kinds of rule a marketplace may declare. */
export const RULE_TYPES = ['campo', 'atributo', 'imagen', 'gtin', 'textos'] as const;
export type RuleType = (typeof RULE_TYPES)[number];

export const RULE_TYPE_LABELS: Readonly<Record<RuleType, string>> = {
  campo: 'Campo obligatorio',
  atributo: 'Atributo obligatorio',
  imagen: 'Imagen principal',
  gtin: 'GTIN válido',
  textos: 'Textos generados revisados',
};

/** A score is «listo» at 100 %; the list's other filter is «< 80 %». */
export const READY_PERCENT = 100;
export const LOW_PERCENT = 80;

export interface ReadinessRule {
  id: number;
  marketplaceId: number;
  tipo: string;
  /** The field (campo) or the attribute's name (atributo). */
  campo?: string | null;
  /** Only for products in this category (its code; subcategories of it count). */
  categoriaCodigo?: string | null;
  /** Only for products of this family (its name). */
  familia?: string | null;
  /** Only for this company's products; none: every company's. */
  empresaId?: number | null;
}

export interface ReadinessPrompt {
  marketplaceId: number;
  categoriaCodigo: string;
  /** The fields the prompt generates (campoUno, campoDos…, the empty ones left out). */
  campos: readonly string[];
}

export interface ReadinessProduct {
  id: number;
  /** The product's company (a rule of another company does not apply to it). */
  empresaId?: number | null;
  /** The product's own fields and its general data, by field name. */
  valores: Readonly<Record<string, unknown>>;
  /** The codes of the product's categories and of their parents. */
  categorias: readonly string[];
  /** The names of the product's families. */
  familias: readonly string[];
  /** Attribute name → value (the names as the attributes are called now). */
  atributos: ReadonlyMap<string, unknown>;
  multimedia: readonly { tipo?: unknown; principalSN?: unknown }[];
  textos: readonly { marketplaceId?: unknown; campo?: unknown; revisado_sn?: unknown }[];
}

export interface Missing {
  tipo: RuleType | 'regla';
  campo: string;
  mensaje: string;
  /** The app's route where it is fixed ('/productos/12', '/productos/12/2'…). */
  enlace: string;
}

export interface Readiness {
  porcentaje: number;
  faltan: Missing[];
}

export interface ReadinessEntry extends Readiness {
  marketplaceId: number;
  marketplace?: string;
  fecha?: string;
}

/** What the score reads besides the product: the fields a rule may name, and their Spanish labels. */
export interface ReadinessContext {
  fields: ReadonlyMap<string, string>;
  /** The field holding the GTIN. */
  gtinField: string;
}

/** The editor's tabs, in order (react-admin's TabbedForm routes: '' then '/1', '/2'…). */
const TAB = { general: '', atributos: '/1', multimedia: '/2' } as const;

const productLink = (id: number, tab: keyof typeof TAB) => `/productos/${id}${TAB[tab]}`;
const textsLink = (productId: number, marketplaceId: number) =>
  `/TextosGenerados?filter=${encodeURIComponent(JSON.stringify({ productoId: productId, marketplaceId }))}`;
const ruleLink = (ruleId: number) => `/reglas-preparacion/${ruleId}`;

const norm = (value: unknown): string =>
  String(value ?? '')
    .trim()
    .toLowerCase();

const filled = (value: unknown): boolean =>
  value !== null && value !== undefined && (typeof value !== 'string' || value.trim() !== '');

/** Whether a rule applies to a product (its company, category and family conditions). */
export function ruleApplies(rule: ReadinessRule, product: ReadinessProduct): boolean {
  if (
    filled(rule.empresaId) &&
    product.empresaId !== undefined &&
    Number(rule.empresaId) !== product.empresaId
  )
    return false;
  if (filled(rule.categoriaCodigo)) {
    const wanted = norm(rule.categoriaCodigo);
    if (!product.categorias.some((c) => norm(c) === wanted)) return false;
  }
  if (filled(rule.familia)) {
    const wanted = norm(rule.familia);
    if (!product.familias.some((f) => norm(f) === wanted)) return false;
  }
  return true;
}

/** The checks one rule makes on a product: true when met, or what is missing. */
function checksOf(
  rule: ReadinessRule,
  product: ReadinessProduct,
  prompts: readonly ReadinessPrompt[],
  context: ReadinessContext,
): (true | Missing)[] {
  const id = product.id;
  const campo = String(rule.campo ?? '').trim();
  switch (rule.tipo as RuleType) {
    case 'campo': {
      const label = context.fields.get(campo);
      if (!label) {
        return [
          {
            tipo: 'regla',
            campo,
            mensaje: `La regla pide el campo «${campo}», que no existe en el producto: corrija la regla.`,
            enlace: ruleLink(rule.id),
          },
        ];
      }
      return [
        filled(product.valores[campo]) || {
          tipo: 'campo',
          campo,
          mensaje: `Falta «${label}».`,
          enlace: productLink(id, 'general'),
        },
      ];
    }
    case 'atributo': {
      if (!campo) {
        return [
          {
            tipo: 'regla',
            campo,
            mensaje: 'La regla de atributo no indica qué atributo: corrija la regla.',
            enlace: ruleLink(rule.id),
          },
        ];
      }
      const value = [...product.atributos].find(([name]) => norm(name) === norm(campo))?.[1];
      return [
        filled(value) || {
          tipo: 'atributo',
          campo,
          mensaje: `Falta el valor del atributo «${campo}».`,
          enlace: productLink(id, 'atributos'),
        },
      ];
    }
    case 'imagen': {
      const principal = product.multimedia.some(
        (m) => norm(m.principalSN) === 's' && (!filled(m.tipo) || norm(m.tipo) === 'imagen'),
      );
      return [
        principal || {
          tipo: 'imagen',
          campo: 'multimedia',
          mensaje: 'Falta una imagen principal.',
          enlace: productLink(id, 'multimedia'),
        },
      ];
    }
    case 'gtin': {
      const value = product.valores[context.gtinField];
      const label = context.fields.get(context.gtinField) ?? context.gtinField;
      if (!filled(value)) {
        return [
          {
            tipo: 'gtin',
            campo: context.gtinField,
            mensaje: `Falta el código ${label} (GTIN).`,
            enlace: productLink(id, 'general'),
          },
        ];
      }
      const error = gs1Error('gtin', value);
      return [
        !error || {
          tipo: 'gtin',
          campo: context.gtinField,
          mensaje: `${error}.`,
          enlace: productLink(id, 'general'),
        },
      ];
    }
    case 'textos': {
      const wanted = new Map<string, string>();
      for (const prompt of prompts) {
        if (prompt.marketplaceId !== rule.marketplaceId) continue;
        if (!product.categorias.some((c) => norm(c) === norm(prompt.categoriaCodigo))) continue;
        for (const c of prompt.campos) if (filled(c)) wanted.set(norm(c), c.trim());
      }
      return [...wanted].map(([key, name]) => {
        const texts = product.textos.filter(
          (t) => Number(t.marketplaceId) === rule.marketplaceId && norm(t.campo) === key,
        );
        if (texts.some((t) => norm(t.revisado_sn) === 's')) return true;
        return {
          tipo: 'textos' as const,
          campo: name,
          mensaje: texts.length
            ? `El texto generado «${name}» está sin revisar.`
            : `Falta generar y revisar el texto «${name}».`,
          enlace: textsLink(id, rule.marketplaceId),
        };
      });
    }
    default:
      return [
        {
          tipo: 'regla',
          campo,
          mensaje: `La regla ${rule.id} es de un tipo desconocido («${String(rule.tipo)}»): corrija la regla.`,
          enlace: ruleLink(rule.id),
        },
      ];
  }
}

/**
 * The product's readiness for one marketplace from that marketplace's rules and prompts: the percentage of the
 * checks met (100 when nothing is asked) and what is missing, without repeats.
 */
export function scoreProduct(
  product: ReadinessProduct,
  rules: readonly ReadinessRule[],
  prompts: readonly ReadinessPrompt[],
  context: ReadinessContext,
): Readiness {
  const seen = new Set<string>();
  let met = 0;
  let total = 0;
  const faltan: Missing[] = [];
  for (const rule of rules) {
    if (!ruleApplies(rule, product)) continue;
    for (const check of checksOf(rule, product, prompts, context)) {
      const key = check === true ? undefined : `${check.tipo}|${norm(check.campo)}`;
      if (key && seen.has(key)) continue;
      if (key) seen.add(key);
      total += 1;
      if (check === true) met += 1;
      else faltan.push(check);
    }
  }
  return { porcentaje: total ? Math.floor((met * 100) / total) : 100, faltan };
}

/** «listo para X» / «< 80 % en X»: the list filter's value, `<marketplaceId>:listo` or `<marketplaceId>:bajo`. */
export type ReadyState = 'listo' | 'bajo';

export const readyFilterValue = (marketplaceId: number | string, state: ReadyState): string =>
  `${marketplaceId}:${state}`;

export function parseReadyFilter(value: unknown): { marketplaceId: number; state: ReadyState } | undefined {
  const match = /^(\d+):(listo|bajo)$/.exec(String(value ?? '').trim());
  return match ? { marketplaceId: Number(match[1]), state: match[2] as ReadyState } : undefined;
}

/** The stored `faltan` (JSON) back as a list. */
export function parseMissing(value: unknown): Missing[] {
  if (Array.isArray(value)) return value as Missing[];
  if (typeof value !== 'string' || !value) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? (parsed as Missing[]) : [];
  } catch {
    return [];
  }
}
