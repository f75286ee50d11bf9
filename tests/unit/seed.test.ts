// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_EDITOR, buildDemoData, type DemoData } from '../../server/seed';
import { registry, schemaFor } from '../../src/resources/registry';
import type { FieldSchema, ResourceSchema } from '../../src/resources/types';

type Row = Record<string, unknown>;

const JOIN_MODELS: Record<string, readonly string[]> = {
  UsuarioRol: ['id', 'usuarioId', 'rolId'],
  RolPermiso: ['id', 'rolId', 'permisoId'],
};

const data = buildDemoData();
const rowsOf = (d: DemoData, name: string): Row[] => d.rows[name] ?? [];
const schemaOf = (name: string): ResourceSchema => {
  const schema = schemaFor(name);
  if (!schema) throw new Error(`no schema ${name}`);
  return schema;
};

const ISO_DAY = /^\d{4}-\d{2}-\d{2}T00:00:00\.000Z$/;

/** A problem with one value, or null. */
const checkValue = (field: FieldSchema, value: unknown): string | null => {
  if (value === null || value === undefined) return field.required ? 'required but empty' : null;
  switch (field.type) {
    case 'string':
    case 'text':
      if (typeof value !== 'string') return 'not a string';
      if (field.required && value.trim() === '') return 'required but blank';
      if (field.maxLength !== undefined && value.length > field.maxLength)
        return `longer than ${field.maxLength}`;
      break;
    case 'integer':
    case 'reference':
      if (!Number.isInteger(value)) return 'not an integer';
      break;
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'not a number';
      if (Math.round(value * 100) / 100 !== value) return 'more than 2 decimals';
      break;
    case 'boolean':
      if (typeof value !== 'boolean') return 'not a boolean';
      break;
    case 'sn':
      if (value !== 'S' && value !== 'N') return 'not S/N';
      break;
    case 'date':
      if (typeof value !== 'string' || !ISO_DAY.test(value)) return 'not a midnight UTC ISO date';
      break;
    case 'datetime':
      if (typeof value !== 'string' || new Date(value).toISOString() !== value) return 'not an ISO date-time';
      break;
  }
  if (field.choices && !field.choices.includes(value as string))
    return `not one of ${field.choices.join('/')}`;
  if (field.min !== undefined && typeof value === 'number' && value < field.min) return `below ${field.min}`;
  return null;
};

/** Every schema-level invariant, as a list of problems (empty when the data set is valid). */
const schemaProblems = (d: DemoData): string[] => {
  const problems: string[] = [];
  for (const [name, rows] of Object.entries(d.rows)) {
    const schema = schemaFor(name);
    if (!schema) {
      const keys = JOIN_MODELS[name];
      if (!keys) {
        problems.push(`${name}: unknown resource`);
        continue;
      }
      rows.forEach((row, index) => {
        for (const key of Object.keys(row))
          if (!keys.includes(key)) problems.push(`${name}[${index}].${key}: unknown`);
        if (row.id !== index + 1) problems.push(`${name}[${index}]: id ${String(row.id)}`);
      });
      continue;
    }
    if (schema.view) problems.push(`${name}: a view must not be seeded`);
    const fields = new Map(schema.fields.map((field) => [field.name, field]));
    rows.forEach((row, index) => {
      for (const key of Object.keys(row))
        if (!fields.has(key)) problems.push(`${name}[${index}].${key}: not in schema`);
      for (const field of schema.fields) {
        const problem = checkValue(field, row[field.name]);
        if (problem)
          problems.push(`${name}[${index}].${field.name}: ${problem} (${JSON.stringify(row[field.name])})`);
      }
      if (!schema.compositeKey && row[schema.idField] !== index + 1) {
        problems.push(`${name}[${index}]: ${schema.idField} is ${String(row[schema.idField])}`);
      }
    });
    if (schema.compositeKey) {
      const [first, second] = schema.compositeKey;
      const pairs = rows.map((row) => `${String(row[first])}|${String(row[second])}`);
      if (new Set(pairs).size !== pairs.length) problems.push(`${name}: duplicate ${first}+${second}`);
    }
    for (const field of schema.fields.filter((candidate) => candidate.unique)) {
      const values = rows.map((row) => row[field.name]);
      if (new Set(values).size !== values.length) problems.push(`${name}.${field.name}: duplicates`);
    }
  }
  return problems;
};

/** Reference fields that do not point to an existing row of their target. */
const referenceProblems = (d: DemoData): string[] => {
  const problems: string[] = [];
  const idsOf = new Map<string, Set<unknown>>();
  const ids = (target: string): Set<unknown> => {
    let found = idsOf.get(target);
    if (!found) {
      const schema = schemaOf(target);
      found = new Set(rowsOf(d, schema.name).map((row) => row[schema.idField]));
      idsOf.set(target, found);
    }
    return found;
  };
  for (const [name, rows] of Object.entries(d.rows)) {
    const schema = schemaFor(name);
    if (!schema) continue;
    for (const field of schema.fields) {
      if (field.type !== 'reference' || !field.reference) continue;
      const target = ids(field.reference);
      rows.forEach((row, index) => {
        const value = row[field.name];
        if (value !== null && value !== undefined && !target.has(value)) {
          problems.push(`${name}[${index}].${field.name} → ${field.reference} ${String(value)}`);
        }
      });
    }
  }
  const joins: [string, string, string][] = [
    ['UsuarioRol', 'usuarioId', 'usuarios'],
    ['UsuarioRol', 'rolId', 'roles'],
    ['RolPermiso', 'rolId', 'roles'],
    ['RolPermiso', 'permisoId', 'permisos'],
  ];
  for (const [model, key, target] of joins) {
    rowsOf(d, model).forEach((row, index) => {
      if (!ids(target).has(row[key]))
        problems.push(`${model}[${index}].${key} → ${target} ${String(row[key])}`);
    });
  }
  return problems;
};

describe('demo data: determinism and shape', () => {
  it('gives the same rows on every call', () => {
    const again = buildDemoData();
    expect(again).toEqual(data);
    expect(JSON.stringify(again)).toBe(JSON.stringify(data));
  });

  it('depends on the seed', () => {
    expect(JSON.stringify(buildDemoData(7))).not.toBe(JSON.stringify(data));
  });

  it('is fast', () => {
    const started = performance.now();
    buildDemoData();
    // The budget is 200 ms; leave room for slow CI machines.
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('fills every non-view resource, no view, and the join models', () => {
    // a schema declared `seeded: false` starts empty (e.g. readiness: each company declares its rules)
    for (const schema of registry) {
      if (schema.view) expect(data.rows[schema.name], schema.name).toBeUndefined();
      else if (schema.seeded === false) expect(data.rows[schema.name] ?? [], schema.name).toEqual([]);
      else expect(data.rows[schema.name]?.length ?? 0, schema.name).toBeGreaterThan(0);
    }
    expect(rowsOf(data, 'UsuarioRol').length).toBeGreaterThan(0);
    expect(rowsOf(data, 'RolPermiso').length).toBeGreaterThan(0);
  });

  it('has the required volumes', () => {
    const products = rowsOf(data, 'productos');
    expect(rowsOf(data, 'empresas').length).toBeGreaterThanOrEqual(2);
    expect(products.length).toBeGreaterThanOrEqual(300);
    expect(products.filter((p) => p.empresaId === 1).length).toBeGreaterThanOrEqual(320);
    expect(products.filter((p) => p.empresaId === 2).length).toBeGreaterThanOrEqual(40);
    const atLeast: Record<string, number> = {
      Marca: 12,
      Situaciones: 4,
      Iconos: 6,
      'grupos-atributos': 5,
      atributos: 20,
      MarketPlaces: 4,
      TiposRango: 3,
      Clubs: 3,
      Ensamblados: 20,
      Sustitutos: 20,
      Repuestos: 20,
      idiomas: 5,
      usuarios: 5,
      Plantilla: 2,
      logsnavs: 25,
    };
    for (const [name, min] of Object.entries(atLeast))
      expect(rowsOf(data, name).length, name).toBeGreaterThanOrEqual(min);
    for (const empresaId of [1, 2]) {
      expect(rowsOf(data, 'familias').filter((f) => f.empresaId === empresaId).length).toBeGreaterThanOrEqual(
        8,
      );
    }
    expect(rowsOf(data, 'catalogos').filter((c) => c.empresaId === 1).length).toBeGreaterThanOrEqual(4);
    expect(rowsOf(data, 'producto-generals')).toHaveLength(products.length);
  });
});

describe.each([
  ['default seed', data],
  ['seed 7', buildDemoData(7)],
])('demo data (%s): schema conformance', (_label, d) => {
  it('uses only declared fields, with the declared types, required fields, ids and unique values', () => {
    expect(schemaProblems(d)).toEqual([]);
  });

  it('points every reference at an existing row', () => {
    expect(referenceProblems(d)).toEqual([]);
  });

  it('keeps company-scoped links inside one company', () => {
    const d1 = (name: string, idField = 'id') => new Map(rowsOf(d, name).map((row) => [row[idField], row]));
    const products = d1('productos');
    const catalogos = d1('catalogos', 'Id');
    const groups = d1('grupos-atributos');
    const media = d1('multimedias');
    const icons = d1('Iconos');
    const ranges = d1('TiposRango');
    const clubs = d1('Clubs');
    const brands = d1('Marca');
    const problems: string[] = [];
    const same = (what: string, a?: Row, b?: Row) => {
      if (!a || !b || a.empresaId !== b.empresaId) problems.push(what);
    };
    rowsOf(d, 'catalogos-productos').forEach((r) =>
      same(`cp ${String(r.id)}`, catalogos.get(r.catalogoId), products.get(r.productoId)),
    );
    rowsOf(d, 'atributos').forEach((r) => same(`at ${String(r.id)}`, r, groups.get(r.grupoAtributosId)));
    rowsOf(d, 'producto-multimedias').forEach((r) =>
      same(`pm ${String(r.id)}`, products.get(r.productoId), media.get(r.multimediaId)),
    );
    rowsOf(d, 'ProductoIconos').forEach((r) =>
      same(`pi ${String(r.idProducto)}`, products.get(r.idProducto), icons.get(r.idIcono)),
    );
    rowsOf(d, 'ProductosPorRango').forEach((r) => {
      same(`ppr rango ${String(r.id)}`, r, ranges.get(r.rangoId));
      same(`ppr club ${String(r.id)}`, r, clubs.get(r.clubId));
    });
    rowsOf(d, 'EmpresasBC').forEach((r) => {
      if (brands.get(r.idMarca)?.empresaId !== r.idEmpresa) problems.push(`ebc ${String(r.id)}`);
    });
    expect(problems).toEqual([]);
  });

  it('references existing products by sku in relations and ranges', () => {
    const skus = new Set(rowsOf(d, 'productos').map((p) => p.nombre));
    const refs: [string, string[]][] = [
      ['Ensamblados', ['skuPrincipal', 'skuEnsamblado']],
      ['Sustitutos', ['skuPrincipal', 'skuSustituto']],
      ['Repuestos', ['skuPrincipal', 'skuRepuesto']],
      ['ProductosPorRango', ['skuProducto']],
    ];
    for (const [name, fields] of refs) {
      for (const row of rowsOf(d, name)) {
        for (const field of fields)
          expect(skus.has(row[field]), `${name}.${field} ${String(row[field])}`).toBe(true);
      }
    }
  });

  it('never overlaps ranges of the same sku and club', () => {
    const byKey = new Map<string, Row[]>();
    for (const row of rowsOf(d, 'ProductosPorRango')) {
      const key = `${String(row.skuProducto)}|${String(row.clubId)}`;
      byKey.set(key, [...(byKey.get(key) ?? []), row]);
    }
    const day = (value: unknown) => String(value).slice(0, 10);
    for (const [key, rows] of byKey) {
      for (const row of rows) expect(day(row.desdeFecha) <= day(row.hastaFecha), key).toBe(true);
      rows.forEach((a, i) =>
        rows.slice(i + 1).forEach((b) => {
          const overlap = day(a.desdeFecha) <= day(b.hastaFecha) && day(a.hastaFecha) >= day(b.desdeFecha);
          expect(overlap, `${key}: ${String(a.id)} / ${String(b.id)}`).toBe(false);
        }),
      );
    }
  });
});

describe('demo data: catalogue content', () => {
  const products = rowsOf(data, 'productos');

  it('has a two-level category tree rooted at master per company', () => {
    for (const empresaId of [1, 2]) {
      const rows = rowsOf(data, 'categorias').filter((c) => c.empresaId === empresaId);
      const roots = rows.filter((c) => c.codigo === 'master');
      expect(roots).toHaveLength(1);
      expect(roots[0].padre === null || roots[0].padre === '').toBe(true);
      const tops = rows.filter((c) => c.padre === 'master');
      expect(tops.length).toBeGreaterThanOrEqual(6);
      const topCodes = new Set(tops.map((c) => c.codigo));
      const subs = rows.filter((c) => c.codigo !== 'master' && c.padre !== 'master');
      for (const sub of subs) expect(topCodes.has(sub.padre), String(sub.codigo)).toBe(true);
      for (const top of tops) {
        const children = subs.filter((c) => c.padre === top.codigo).length;
        expect(children, String(top.codigo)).toBeGreaterThanOrEqual(3);
        expect(children, String(top.codigo)).toBeLessThanOrEqual(5);
      }
      expect(new Set(rows.map((c) => c.codigo)).size).toBe(rows.length);
      expect(new Set(rows.map((c) => c.nombre)).size).toBe(rows.length);
    }
  });

  it('builds products the way the application expects', () => {
    const categoryNames = (empresaId: unknown) =>
      new Set(
        rowsOf(data, 'categorias')
          .filter((c) => c.empresaId === empresaId)
          .map((c) => c.nombre),
      );
    const familyNames = (empresaId: unknown) =>
      new Set(
        rowsOf(data, 'familias')
          .filter((c) => c.empresaId === empresaId)
          .map((c) => c.nombre),
      );
    for (const product of products) {
      const sku = String(product.nombre);
      expect(sku).toMatch(/^(SI|FA)-[A-Z]{3}-\d{5}$/);
      expect(product.imagen).toBe(`multimedia/${sku}/800x600_${sku}.png`);
      expect(product.ordenAtributos).toBe('0');
      const categories = String(product.categorias).split('; ');
      expect(categories.length).toBeGreaterThanOrEqual(1);
      expect(categories.length).toBeLessThanOrEqual(2);
      for (const name of categories) expect(categoryNames(product.empresaId).has(name), name).toBe(true);
      if (product.familias) {
        for (const name of String(product.familias).split('; '))
          expect(familyNames(product.empresaId).has(name), name).toBe(true);
      }
    }
    const nulls = products.filter((p) => p.activoEnMarketplace === null).length / products.length;
    expect(nulls).toBeGreaterThan(0.2);
    expect(nulls).toBeLessThan(0.4);
    for (const flag of ['finalizado', 'sincronizarConBC', 'ensamblado', 'activoEnMarketplace']) {
      expect(new Set(products.map((p) => p[flag])).has('S'), flag).toBe(true);
      expect(new Set(products.map((p) => p[flag])).has('N'), flag).toBe(true);
    }
    const synced = products.filter((p) => p.fechaEjecucionDeProcesoSincroBC);
    expect(synced.length).toBeGreaterThanOrEqual(35);
    expect(synced.some((p) => p.motivoErrorSincroConBC)).toBe(true);
  });

  it('gives every product one general record with a valid EAN-13', () => {
    const byProduct = new Map(rowsOf(data, 'producto-generals').map((g) => [g.productoId, g]));
    const eans = new Set<unknown>();
    for (const product of products) {
      const general = byProduct.get(product.id);
      expect(general, String(product.nombre)).toBeDefined();
      expect(general?.sku).toBe(product.nombre);
      expect(general?.mercados).toBe('724');
      const ean = String(general?.ean);
      expect(ean).toMatch(/^\d{13}$/);
      const sum = [...ean.slice(0, 12)].reduce(
        (acc, digit, i) => acc + Number(digit) * (i % 2 === 0 ? 1 : 3),
        0,
      );
      expect(Number(ean[12])).toBe((10 - (sum % 10)) % 10);
      eans.add(ean);
    }
    expect(eans.size).toBe(products.length);
    const groups = new Map<unknown, number>();
    for (const general of rowsOf(data, 'producto-generals')) {
      if (general.referenciaAgrupacion)
        groups.set(general.referenciaAgrupacion, (groups.get(general.referenciaAgrupacion) ?? 0) + 1);
    }
    expect(groups.size).toBeGreaterThan(10);
    for (const size of groups.values()) {
      expect(size).toBeGreaterThanOrEqual(3);
      expect(size).toBeLessThanOrEqual(5);
    }
  });

  it('gives every product its main image', () => {
    const main = rowsOf(data, 'producto-multimedias').filter(
      (m) => m.nombre === 'imagen_principal' && m.principalSN === 'S',
    );
    expect(new Set(main.map((m) => m.productoId)).size).toBe(products.length);
    expect(rowsOf(data, 'producto-multimedias').some((m) => m.tipo === 'Documento')).toBe(true);
  });

  it('makes every review state reachable', () => {
    const texts = new Map<unknown, string[]>();
    for (const text of rowsOf(data, 'TextosGenerados')) {
      texts.set(text.productoId, [...(texts.get(text.productoId) ?? []), String(text.revisado_sn)]);
    }
    const status = (product: Row): string => {
      if (product.activoEnMarketplace === null) return 'No incluido';
      const list = texts.get(product.id) ?? [];
      if (list.length === 0) return 'Pendiente';
      if (list.every((v) => v === 'S')) return 'Revisado';
      if (list.every((v) => v === 'N')) return 'No revisado';
      return 'Revisado parcial';
    };
    const counts = new Map<string, number>();
    for (const product of products) counts.set(status(product), (counts.get(status(product)) ?? 0) + 1);
    for (const state of ['No incluido', 'Pendiente', 'Revisado', 'No revisado', 'Revisado parcial']) {
      expect(counts.get(state) ?? 0, state).toBeGreaterThan(0);
    }
    expect(texts.size).toBeGreaterThanOrEqual(50);
    const procesado = new Set(rowsOf(data, 'ProductosGeneracionTextos').map((r) => r.procesado));
    expect(procesado).toEqual(new Set(['S', 'N']));
  });

  it('has no duplicate product in a catalogue', () => {
    const pairs = rowsOf(data, 'catalogos-productos').map(
      (r) => `${String(r.catalogoId)}|${String(r.productoId)}`,
    );
    expect(new Set(pairs).size).toBe(pairs.length);
  });

  it('gives every product attribute a known attribute name and unit', () => {
    const attributes = new Map(rowsOf(data, 'atributos').map((a) => [a.id, a]));
    const values = rowsOf(data, 'producto-atributos');
    expect(new Set(values.map((v) => v.productoId)).size).toBeGreaterThan(products.length * 0.7);
    for (const value of values) {
      const attribute = attributes.get(value.atributoId);
      expect(value.nombre).toBe(attribute?.nombre);
      expect(value.unidad).toBe(attribute?.unidad);
      expect(String(value.valor).length).toBeGreaterThan(0);
    }
  });
});

describe('demo data: users and permissions', () => {
  const users = rowsOf(data, 'usuarios');
  const roles = rowsOf(data, 'roles');
  const permisos = rowsOf(data, 'permisos');
  const roleOf = (mail: string): unknown[] => {
    const user = users.find((u) => u.mail === mail);
    return rowsOf(data, 'UsuarioRol')
      .filter((link) => link.usuarioId === user?.id)
      .map((link) => roles.find((r) => r.id === link.rolId)?.codigo);
  };
  const permissionsOf = (codigo: string): string[] => {
    const rol = roles.find((r) => r.codigo === codigo);
    return rowsOf(data, 'RolPermiso')
      .filter((link) => link.rolId === rol?.id)
      .map((link) => permisos.find((p) => p.id === link.permisoId))
      .map((p) => `${String(p?.controllerName)} ${String(p?.moduleName)}`);
  };

  it('exports the demo logins, which match user rows and roles', () => {
    expect(DEMO_ADMIN).toEqual({ email: 'admin@demo.pim', password: 'Admin-Demo-2026!', role: 'admin' });
    expect(DEMO_EDITOR).toEqual({ email: 'editor@demo.pim', password: 'Editor-Demo-2026!', role: 'editor' });
    expect(data.logins).toContainEqual(DEMO_ADMIN);
    expect(data.logins).toContainEqual(DEMO_EDITOR);
    for (const login of data.logins) {
      const user = users.find((u) => u.mail === login.email);
      expect(user?.password, login.email).toBe(login.password);
      expect(roleOf(login.email)).toContain(login.role);
    }
    const admin = users.find((u) => u.mail === DEMO_ADMIN.email);
    expect(admin).toMatchObject({ empresaId: 1, nombre: 'Administración PIM' });
  });

  it('gives admin manage all and editor a reduced set including read Auth', () => {
    expect(roles.map((r) => r.codigo)).toEqual(['admin', 'editor']);
    expect(permissionsOf('admin')).toContain('manage all');
    const editor = permissionsOf('editor');
    expect(editor).toContain('read Auth');
    expect(editor).toContain('read productos');
    expect(editor).toContain('update productos');
    expect(editor).not.toContain('manage all');
  });
});
