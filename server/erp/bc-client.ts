/**
 * Business Central OData client: the real ErpAdapter, bound instead of the simulated one when configured
 * (env BC_BASE_URL, BC_TENANT, BC_CLIENT_ID, BC_CLIENT_SECRET; optional BC_SCOPE, BC_TOKEN_URL). OAuth2
 * client-credentials token, cached until a minute before it expires. Never throws: failures are ErpResults
 * with a reason a person can act on. Secrets are never logged nor returned.
 */
import type { ErpAdapter, ErpResult } from './adapter';

export interface BusinessCentralConfig {
  baseUrl: string;
  tenant: string;
  clientId: string;
  clientSecret: string;
  scope?: string;
  tokenUrl?: string;
  timeoutMs?: number;
}

export function bcConfigFromEnv(env: NodeJS.ProcessEnv = process.env): BusinessCentralConfig | undefined {
  const { BC_BASE_URL, BC_TENANT, BC_CLIENT_ID, BC_CLIENT_SECRET } = env;
  if (!BC_BASE_URL || !BC_TENANT || !BC_CLIENT_ID || !BC_CLIENT_SECRET) return undefined;
  return {
    baseUrl: BC_BASE_URL.replace(/\/+$/, ''),
    tenant: BC_TENANT,
    clientId: BC_CLIENT_ID,
    clientSecret: BC_CLIENT_SECRET,
    scope: env.BC_SCOPE,
    tokenUrl: env.BC_TOKEN_URL,
  };
}

export class BusinessCentralErp implements ErpAdapter {
  private cached?: { token: string; expires: number };

  constructor(
    private readonly config: BusinessCentralConfig,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  private async timed(url: string, init: RequestInit): Promise<Response> {
    return this.fetchImpl(url, { ...init, signal: AbortSignal.timeout(this.config.timeoutMs ?? 30_000) });
  }

  /** An access token (OAuth2 client credentials), or an ErpResult explaining why there is none. */
  async token(): Promise<{ token: string; expiresIn: number } | ErpResult> {
    if (this.cached && this.cached.expires > Date.now() + 60_000) {
      return { token: this.cached.token, expiresIn: Math.round((this.cached.expires - Date.now()) / 1000) };
    }
    const url =
      this.config.tokenUrl ??
      `https://login.microsoftonline.com/${encodeURIComponent(this.config.tenant)}/oauth2/v2.0/token`;
    try {
      const res = await this.timed(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: this.config.clientId,
          client_secret: this.config.clientSecret,
          scope: this.config.scope ?? 'https://api.businesscentral.dynamics.com/.default',
        }).toString(),
      });
      const body = (await res.json().catch(() => ({}))) as { access_token?: string; expires_in?: number };
      if (!res.ok || !body.access_token) {
        return { ok: false, status: res.status, error: `El ERP rechazó las credenciales (${res.status})` };
      }
      const expiresIn = Number(body.expires_in ?? 3600);
      this.cached = { token: body.access_token, expires: Date.now() + expiresIn * 1000 };
      return { token: body.access_token, expiresIn };
    } catch (err) {
      return { ok: false, status: 0, error: `El ERP no responde (${(err as Error).message})` };
    }
  }

  private async call(method: 'GET' | 'POST', url: string, payload?: unknown): Promise<ErpResult> {
    const auth = await this.token();
    if (!('token' in auth)) return auth;
    try {
      const res = await this.timed(url, {
        method,
        headers: {
          Authorization: `Bearer ${auth.token}`,
          Accept: 'application/json',
          ...(payload === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: payload === undefined ? undefined : JSON.stringify(payload),
      });
      const text = await res.text();
      let data: unknown = text;
      try {
        data = text ? JSON.parse(text) : undefined;
      } catch {
        // not JSON: keep the text
      }
      if (res.ok) return { ok: true, status: res.status, data: normaliseReply(data) };
      return {
        ok: false,
        status: res.status,
        data,
        error: odataError(data) ?? `El ERP respondió ${res.status}`,
      };
    } catch (err) {
      return { ok: false, status: 0, error: `El ERP no responde (${(err as Error).message})` };
    }
  }

  post(endpoint: string, payload: unknown): Promise<ErpResult> {
    return this.call('POST', `${this.config.baseUrl}/${encodeURIComponent(endpoint)}`, payload ?? {});
  }

  get(endpoint: string, query: Record<string, string> = {}): Promise<ErpResult> {
    const search = new URLSearchParams(query).toString();
    return this.call(
      'GET',
      `${this.config.baseUrl}/${encodeURIComponent(endpoint)}${search ? `?${search}` : ''}`,
    );
  }
}

/** BC's `{error:{message}}` OData error, if any. */
function odataError(data: unknown): string | undefined {
  const message = (data as { error?: { message?: unknown } } | undefined)?.error?.message;
  return typeof message === 'string' && message ? message : undefined;
}

/** BC functions answer `{value: "<json text>"}`: unwrap it so callers read `data.mensaje`. */
function normaliseReply(data: unknown): unknown {
  const value = (data as { value?: unknown } | undefined)?.value;
  if (typeof value === 'string') {
    try {
      const parsed: unknown = JSON.parse(value);
      if (parsed && typeof parsed === 'object') return parsed;
    } catch {
      return { mensaje: value };
    }
  }
  return data;
}
