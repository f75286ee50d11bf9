// @vitest-environment node
/**
 * Company isolation on every custom endpoint, generated from the API's own OpenAPI document: a non-admin of
 * company 2 holding every permiso (`manage|all`, not the admin role) calls every operation that is not
 * generated CRUD with company-1 ids, SKUs and names in its path, query and body. It must never get company-1
 * data back (no row with `empresaId: 1`, no company-1 SKU it did not send itself) and never change company-1
 * rows (a fingerprint of every company-1 row, read as the admin, is the same before and after).
 *
 * The values come from the seed as the admin sees it: the company-1 rows of every generated resource (by
 * `empresaId`, or through their product for child rows). A parameter naming a resource (catalogoId,
 * productoIds, idIcono…) takes company-1 ids of that resource; a bare `id`/`ids`/`code` is tried with the
 * company-1 ids of every resource in turn.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { q, type Row } from '../support/api';
import { testUser } from '../support/access';
import { demoLogins, loginToken, startTestServer, type StartedServer } from '../support/server';

interface SchemaObject {
  type?: string;
  $ref?: string;
  properties?: Record<string, SchemaObject>;
  items?: SchemaObject;
  additionalProperties?: boolean | SchemaObject;
}
interface Parameter {
  name: string;
  in: string;
  schema?: SchemaObject;
}
interface Operation {
  method: string;
  path: string;
  operationName: string;
  parameters: Parameter[];
  body?: SchemaObject;
  contentType?: string;
}
interface Company1Rows {
  /** The resource's path (e.g. `/catalogos`). */
  path: string;
  rows: Row[];
  ids: number[];
}

/** Method names of the generated CRUD controllers (server/crud-controllers.ts). */
const GENERATED = new Set([
  'find',
  'count',
  'findById',
  'create',
  'updateAll',
  'updateById',
  'replaceById',
  'deleteById',
]);

/** Operations left out, with the reason. */
const SKIPPED: Record<string, string> = {
  // Regenerates every text of the caller's company: covered by the text generation tests.
  'GET /generarTextosIAPorProcesoNocturno': 'nightly run',
  // Roles and permisos are shared by every company (not company data); granting is tested in access-sweep.
  'PUT /roles/{id}/permisos': 'shared roles',
};

let server: StartedServer;
let admin: string;
let attacker: string;
let operations: Operation[] = [];
let components: Record<string, SchemaObject> = {};
const company1 = new Map<string, Company1Rows>();
let skus = new Set<string>();
let productIds: number[] = [];
const versionIds: number[] = [];
let categoryNames: string[] = [];

/** A tiny PNG (1×1) for the upload routes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const call = async (token: string, method: string, path: string, body?: unknown) => {
  const multipart = body instanceof FormData;
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined || multipart ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
  });
  const text = await res.text();
  const json = (res.headers.get('content-type') ?? '').includes('application/json');
  let parsed: unknown;
  if (json && text) parsed = JSON.parse(text);
  return { status: res.status, text, body: parsed };
};

const rowId = (row: Row): number => Number(row.id ?? row.Id ?? row.ID);

/** The company-1 rows of a generated resource, by its company field or through company-1 products. */
async function company1Rows(path: string): Promise<Row[]> {
  const wheres: Record<string, unknown>[] = [
    { empresaId: 1 },
    { productoId: { inq: productIds.slice(0, 40) } },
    { idProducto: { inq: productIds.slice(0, 40) } },
    { skuPrincipal: { inq: [...skus].slice(0, 40) } },
  ];
  for (const where of wheres) {
    const res = await call(admin, 'GET', `${path}?filter=${q({ where, limit: 3000 })}`);
    if (res.status === 200 && Array.isArray(res.body) && res.body.length) return res.body as Row[];
  }
  return [];
}

/** Company-1 rows of every generated resource and the ERP items, as the admin sees them. */
async function fingerprint(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const { path } of company1.values()) {
    const rows = await company1Rows(path);
    const sorted = [...rows].sort((a, b) => rowId(a) - rowId(b));
    out[path] = `${rows.length}:${createHash('sha256').update(JSON.stringify(sorted)).digest('hex')}`;
  }
  const users = await call(
    admin,
    'GET',
    `/usuarios?filter=${q({ where: { empresaId: 1 }, include: ['roles'] })}`,
  );
  out.usuarios = createHash('sha256').update(users.text).digest('hex');
  const erp = await call(admin, 'GET', '/endpoint?$endpoint=items&$top=5000');
  out.erp = createHash('sha256').update(erp.text).digest('hex');
  return out;
}

/** Company-1 ids of the resource a parameter name points to (undefined when it names none). */
function idsNamedBy(name: string): number[] | undefined {
  const n = name.toLowerCase();
  const of = (path: string) => company1.get(path)?.ids ?? [];
  if (/version/.test(n)) return versionIds;
  if (/prompt/.test(n)) return of('/MarketPlacePrompts');
  if (/marketplace/.test(n)) return of('/MarketPlaces');
  if (/catalogo/.test(n)) return of('/catalogos');
  if (/atributo/.test(n)) return of('/atributos');
  if (/icono/.test(n)) return of('/Iconos');
  if (/usuario/.test(n)) return of('/usuarios');
  if (/producto|cliente|idexcluir/.test(n)) return productIds;
  return undefined;
}

const idLike = (name: string): boolean =>
  /^(id|ids|code|a|b)$|id$|^id[A-Z]|ids$|^productos$/i.test(name) || idsNamedBy(name) !== undefined;

/** A value for a parameter or property, with `bare` the company-1 ids for names that point nowhere. */
function valueFor(
  name: string,
  schema: SchemaObject | undefined,
  bare: Company1Rows,
  byName = false,
): unknown {
  const n = name.toLowerCase();
  const sku = [...skus][0];
  const row = bare.rows[0] ?? {};
  const type = schema?.type;
  // The names flavour: product names (the SKU) wherever a string may name products.
  if (byName && type === 'string' && /nombre|productos|code|sku|^q$|filtro|^ids$|idproducto/.test(n)) {
    return [...skus].slice(0, 3).join(',');
  }
  if (/empresa/.test(n)) return 1;
  if (n === '$endpoint') return 'items';
  if (n === '$top' || n === 'limit') return type === 'string' ? '5000' : 1000;
  if (n === 'filter' || n === 'where') return '{}';
  if (/categoria|nombre|tipo/.test(n) && !/id$/.test(n)) return n === 'tipo' ? 'categoria' : categoryNames[0];
  if (/email|password/.test(n)) return 'x';
  if (n === 'filename') return 'foto.png';
  if (n in row && !idLike(name)) return row[n];
  if (idLike(name)) {
    const ids = idsNamedBy(name) ?? (n === 'code' || /^sku/.test(n) ? [] : bare.ids);
    if (/^sku|^code$/.test(n)) return n in row ? row[n] : sku;
    if (type === 'array') return ids.slice(0, 5);
    if (type === 'string') return ids.slice(0, 5).join(',');
    return ids[0] ?? 1;
  }
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'array') return [];
  return sku;
}

/** A body for a request schema: every property filled with company-1 values. */
function bodyFor(schema: SchemaObject | undefined, bare: Company1Rows): unknown {
  const resolved = schema?.$ref ? components[schema.$ref.split('/').pop()!] : schema;
  if (!resolved) return {};
  if (resolved.type === 'array') return [bodyFor(resolved.items, bare)];
  if (resolved.properties) {
    const out: Record<string, unknown> = {};
    for (const [name, prop] of Object.entries(resolved.properties)) {
      out[name] =
        prop.type === 'array' && prop.items?.type === 'object'
          ? [bodyFor(prop.items, bare)]
          : valueFor(name, prop, bare);
    }
    return out;
  }
  // A free-form object (the ERP connector routes): the fields those routes read.
  const sku = [...skus][0];
  return {
    no: sku,
    sku,
    nombre: sku,
    id: bare.ids[0],
    ids: bare.ids.slice(0, 5),
    productoId: productIds[0],
    idProducto: productIds[0],
    empresaId: 1,
    descripcion: 'x',
    items: [{ no: sku, marca: '' }],
  };
}

/** A multipart upload named after the path's last segment: a small PDF for `.pdf`, else a small picture. */
function upload(path: string): FormData {
  const form = new FormData();
  const name = decodeURIComponent(path.split('/').pop() ?? 'x.png');
  const pdf = name.endsWith('.pdf');
  form.append(
    'file',
    pdf
      ? new Blob(['%PDF-1.4\n%%EOF\n'], { type: 'application/pdf' })
      : new Blob([PNG], { type: 'image/png' }),
    name,
  );
  return form;
}

/** What of company 1 a response shows: rows with `empresaId: 1` and company-1 SKUs the caller did not send. */
function leaks(text: string, body: unknown, sent: string): string[] {
  const found: string[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      const record = value as Row;
      if (record.empresaId === 1 || record.empresaId === '1')
        found.push(`row ${JSON.stringify(record).slice(0, 120)}`);
      Object.values(record).forEach(visit);
    }
  };
  visit(body);
  for (const token of text.match(/[A-Za-z0-9]+(?:-[A-Za-z0-9]+)+/g) ?? []) {
    if (skus.has(token) && !sent.includes(token)) found.push(`sku ${token}`);
  }
  return [...new Set(found)];
}

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  admin = await loginToken(server.url, demoLogins().admin);
  attacker = (await testUser(server.url, admin, 2)).token;
  const spec = (await call(admin, 'GET', '/openapi.json')).body as {
    paths: Record<string, Record<string, Record<string, unknown>>>;
    components?: { schemas?: Record<string, SchemaObject> };
  };
  components = spec.components?.schemas ?? {};
  const generatedLists: string[] = [];
  for (const [path, item] of Object.entries(spec.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const operationName = String(op['x-operation-name'] ?? '');
      if (GENERATED.has(operationName)) {
        if (operationName === 'find' && !path.includes('{')) generatedLists.push(path);
        continue;
      }
      if (op['x-public'] === true) continue;
      const content = (op.requestBody as { content?: Record<string, { schema?: SchemaObject }> } | undefined)
        ?.content;
      const [contentType, media] = Object.entries(content ?? {})[0] ?? [];
      operations.push({
        method,
        path,
        operationName,
        parameters: (op.parameters as Parameter[] | undefined) ?? [],
        body: media?.schema,
        contentType,
      });
    }
  }
  operations = operations.sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));

  const products = (
    await call(
      admin,
      'GET',
      `/productos?filter=${q({ where: { empresaId: 1 }, order: ['id ASC'], limit: 5000 })}`,
    )
  ).body as Row[];
  productIds = products.map(rowId);
  skus = new Set(
    products.flatMap((p) => [p.nombre, p.sku]).filter((s): s is string => typeof s === 'string'),
  );
  for (const path of generatedLists) {
    const rows = await company1Rows(path);
    const ids = rows.slice(0, 5).map(rowId);
    if (rows.length && ids.every(Number.isFinite)) company1.set(path, { path, rows: rows.slice(0, 5), ids });
  }
  categoryNames = (company1.get('/categorias')?.rows ?? []).map((r) => String(r.nombre));
  for (const id of productIds.slice(0, 3)) {
    const versions = await call(admin, 'GET', `/productos/${id}/versiones`);
    if (Array.isArray(versions.body)) versionIds.push(...(versions.body as Row[]).map(rowId).slice(0, 2));
  }
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe('company isolation on every custom endpoint', () => {
  it('knows the custom operations and the company-1 data to try', () => {
    expect(operations.length).toBeGreaterThan(50);
    const paths = operations.map((o) => `${o.method.toUpperCase()} ${o.path}`);
    for (const door of [
      'GET /endpoint',
      'POST /InsertItem',
      'GET /procesar-imagenes',
      'GET /NewEANCode/{code}',
    ]) {
      expect(paths).toContain(door);
    }
    expect(productIds.length).toBeGreaterThan(10);
    expect(skus.size).toBeGreaterThan(10);
    for (const path of [
      '/productos',
      '/catalogos',
      '/categorias',
      '/atributos',
      '/Iconos',
      '/TextosGenerados',
    ]) {
      expect(company1.get(path)?.ids.length, path).toBeGreaterThan(0);
    }
  });

  it('a company-2 user with every permiso gets no company-1 data and changes no company-1 row', async () => {
    const before = await fingerprint();
    const problems: string[] = [];
    let calls = 0;
    const uploads: string[] = [];
    for (const op of operations) {
      const label = `${op.method.toUpperCase()} ${op.path}`;
      if (SKIPPED[label]) continue;
      const named = [...op.parameters.map((p) => p.name)];
      // A bare id is tried with the company-1 ids of every resource; otherwise one call.
      const bare =
        named.some((name) => idLike(name) && !idsNamedBy(name)) || op.body
          ? [...company1.values()]
          : [company1.get('/productos')!];
      const runs = [...bare.map((rows) => ({ rows, byName: false })), { rows: bare[0], byName: true }];
      for (const { rows, byName } of runs) {
        let path = op.path;
        const query = new URLSearchParams();
        for (const param of op.parameters) {
          // Documents go to /files-upload (a picture there is refused with 415 before any company check).
          const value =
            param.name === 'fileName' && op.path.startsWith('/files-upload/')
              ? 'documento.pdf'
              : valueFor(param.name, param.schema, rows, byName);
          const text = typeof value === 'string' ? value : JSON.stringify(value);
          if (param.in === 'path') path = path.replace(`{${param.name}}`, encodeURIComponent(text));
          else if (param.in === 'query') query.set(param.name, text);
        }
        const url = query.size ? `${path}?${query.toString()}` : path;
        const body = !op.body
          ? undefined
          : op.contentType === 'multipart/form-data'
            ? upload(path)
            : bodyFor(op.body, rows);
        const res = await call(attacker, op.method.toUpperCase(), url, body);
        calls += 1;
        if (op.contentType === 'multipart/form-data') uploads.push(`${label} ${res.status}`);
        const sent = `${decodeURIComponent(url)} ${body instanceof FormData ? '' : JSON.stringify(body ?? '')}`;
        const where = `${label} (${rows.path}) ${url}`;
        // 401 only for a refused token (a wrong current password is the caller's own credentials check).
        if (res.status === 401 && !/contraseña actual/.test(res.text))
          problems.push(`${where}: 401 ${res.text.slice(0, 200)}`);
        if (res.status >= 500) problems.push(`${where}: ${res.status} ${res.text.slice(0, 200)}`);
        const leaked = leaks(res.text, res.body, sent);
        if (leaked.length) problems.push(`${where}: ${res.status} ${leaked.slice(0, 3).join('; ')}`);
      }
    }
    expect(calls).toBeGreaterThan(operations.length);
    // Uploads reach the company check (403 for a company-1 product), not only the file-type check before it.
    const uploadPaths = [
      'POST /images-upload/{empresaId}/{nombre}/{fileName}',
      'POST /files-upload/{empresaId}/{nombre}/{fileName}',
    ];
    for (const label of uploadPaths) expect(uploads, label).toContain(`${label} 403`);
    const after = await fingerprint();
    const changed = Object.keys(before).filter((key) => before[key] !== after[key]);
    expect({ problems, changed }).toEqual({ problems: [], changed: [] });
  }, 600_000);
});
