/**
 * The ERP (Business Central) seam. Everything that talks to the ERP goes through an ErpAdapter bound under
 * ErpBindings.ADAPTER: by default the deterministic simulated Business Central below; a real OData client
 * (configured base URL + OAuth2 client credentials) can be bound instead without touching callers.
 */
import { BindingKey } from '@loopback/core';
import { withCheckDigit } from '../../src/core/gtin';

export interface ErpResult {
  ok: boolean;
  /** HTTP-like status of the ERP's answer (0 when it did not answer). */
  status: number;
  data?: unknown;
  /** Why it failed, in words a person can act on. */
  error?: string;
}

export interface ErpAdapter {
  /** POST to an ERP endpoint/function (postEndpointBC): e.g. 'TW_Functions_NewEANCode', 'PIMIntegration_ItemClubItems'. */
  post(endpoint: string, payload: unknown): Promise<ErpResult>;
  /** GET an ERP entity set with OData options ($filter, $top, $skip, $orderby, $expand, $count). */
  get(endpoint: string, query?: Record<string, string>): Promise<ErpResult>;
}

export const ErpBindings = {
  ADAPTER: BindingKey.create<ErpAdapter>('pim.erp.adapter'),
};

export interface SimulatedErpOptions {
  /** Values (SKUs, category codes…) whose calls fail, to exercise error paths. Env ERP_SIMULATED_FAILURES=a,b */
  failOn?: readonly string[];
  /** When true, every call answers as if the ERP were down (status 0). Env ERP_SIMULATED_DOWN=1 */
  down?: boolean;
}

/** Deterministic in-process Business Central stand-in: answers like BC, keeps the items it was sent. */
export class SimulatedErp implements ErpAdapter {
  readonly calls: { endpoint: string; payload: unknown }[] = [];
  readonly items = new Map<string, Record<string, unknown>>();
  private eanCounter = 0;

  constructor(private readonly options: SimulatedErpOptions = {}) {}

  static fromEnv(env: NodeJS.ProcessEnv = process.env): SimulatedErp {
    return new SimulatedErp({
      failOn: (env.ERP_SIMULATED_FAILURES ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
      down: env.ERP_SIMULATED_DOWN === '1',
    });
  }

  private failure(payload: unknown): string | undefined {
    const text = JSON.stringify(payload ?? '');
    return this.options.failOn?.find((value) => text.includes(value));
  }

  async post(endpoint: string, payload: unknown): Promise<ErpResult> {
    this.calls.push({ endpoint, payload });
    if (this.options.down) return { ok: false, status: 0, error: 'El ERP no responde' };
    const failing = this.failure(payload);
    if (failing) return { ok: false, status: 500, error: `El ERP rechazó ${failing}` };
    switch (endpoint) {
      case 'TW_Functions_NewEANCode': {
        this.eanCounter += 1;
        const base = `84${String(1000000000 + this.eanCounter).slice(-10)}`;
        return { ok: true, status: 200, data: { mensaje: withCheckDigit(base) } };
      }
      case 'TW_Functions_DeleteItem': {
        const items = (payload as { items?: { no: string }[] })?.items ?? [];
        for (const item of items) this.items.delete(item.no);
        return { ok: true, status: 200, data: { mensaje: 'OK' } };
      }
      default: {
        const record = (payload ?? {}) as Record<string, unknown>;
        const key = String(record.no ?? record.nombre ?? record.SKU ?? this.calls.length);
        this.items.set(key, record);
        return { ok: true, status: 200, data: { mensaje: 'OK' } };
      }
    }
  }

  async get(endpoint: string, query: Record<string, string> = {}): Promise<ErpResult> {
    this.calls.push({ endpoint, payload: query });
    if (this.options.down) return { ok: false, status: 0, error: 'El ERP no responde' };
    const all = [...this.items.values()];
    const skip = Number(query.$skip ?? 0);
    const top = query.$top ? Number(query.$top) : all.length;
    return {
      ok: true,
      status: 200,
      data: { value: all.slice(skip, skip + top), '@odata.count': all.length },
    };
  }
}
