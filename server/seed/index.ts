/**
 * Deterministic demo data for the reference API: a Spanish B2B hardware / DIY / home-and-garden
 * catalogue for two companies, with users, roles and permissions.
 *
 * Pure and fast: no I/O, no clock (every date is a fixed 2026 base plus a seeded offset), a seeded
 * PRNG (mulberry32), and rows built from compact word lists. Row keys are the field names declared in
 * the resource schemas (src/resources/*\/schema.ts); rows are keyed by the schema `name`, plus the join
 * models 'UsuarioRol' and 'RolPermiso'. Views (computed by the server) are not included.
 */
import { CAMPO_SUFFIXES } from '../../src/core/aiTexts/fields';
import { registry, schemaFor, schemaForTable } from '../../src/resources/registry';
import { buildCompany, type CompanyData, type ProductInfo } from './catalogue';
import { Rng } from './random';
import { Table, clip, daysFromBase, isoAt, isoDay, plusSeconds, workMinutes, type Row } from './util';
import { CATEGORY_TREE, COMPANIES, EXTRA_USERS, SYNC_ERRORS } from './words';

export interface DemoLogin {
  email: string;
  password: string;
  role: string;
}

export interface DemoData {
  /** Key: schema.name, or the join models 'UsuarioRol' {id, usuarioId, rolId} and 'RolPermiso' {id, rolId, permisoId}. */
  rows: Record<string, Record<string, unknown>[]>;
  logins: DemoLogin[];
}

export const DEMO_ADMIN: DemoLogin = { email: 'admin@demo.pim', password: 'Admin-Demo-2026!', role: 'admin' };
export const DEMO_EDITOR: DemoLogin = {
  email: 'editor@demo.pim',
  password: 'Editor-Demo-2026!',
  role: 'editor',
};

/** The seed used when none is given. */
const DEFAULT_SEED = 20260105;

const OTHER_USERS_PASSWORD = 'Usuario-Demo-2026!';

/** The resources this module fills: every non-view schema, then the join models. */
const RESOURCE_NAMES: readonly string[] = [
  ...registry.filter((schema) => !schema.view).map((schema) => schema.name),
  'UsuarioRol',
  'RolPermiso',
];

// ---------------------------------------------------------------- marketplaces and texts

interface MarketplacePlan {
  codigo: string;
  descripcion: string;
  categorias: readonly string[];
  campos: readonly string[];
  maxTitulo: number;
}

const MARKETPLACES: readonly MarketplacePlan[] = [
  {
    codigo: 'AMAZON',
    descripcion: 'Amazon España (amazon.es), vendedor profesional',
    categorias: ['HEL', 'ILU', 'JAR'],
    campos: ['titulo', 'puntosClave', 'descripcion', 'palabrasClave'],
    maxTitulo: 150,
  },
  {
    codigo: 'LEROYMERLIN',
    descripcion: 'Leroy Merlin Marketplace (leroymerlin.es)',
    categorias: ['HEL', 'JAR', 'FON'],
    campos: ['titulo', 'descripcion', 'puntosClave'],
    maxTitulo: 100,
  },
  {
    codigo: 'MANOMANO',
    descripcion: 'ManoMano, bricolaje y jardín online',
    categorias: ['HEL', 'HMA', 'FER'],
    campos: ['titulo', 'descripcion', 'descripcionCorta'],
    maxTitulo: 120,
  },
  {
    codigo: 'BRICODEPOT',
    descripcion: 'Brico Dépôt, tienda online',
    categorias: ['HEL', 'PIN'],
    campos: ['titulo', 'descripcionCorta'],
    maxTitulo: 80,
  },
];

const topName = (code: string): string => CATEGORY_TREE.find((top) => top.code === code)?.nombre ?? code;

const promptText = (campo: string, mp: MarketplacePlan, categoria: string): string => {
  switch (campo) {
    case 'titulo':
      return (
        `Genera un título para ${mp.descripcion} de un producto de la categoría «${categoria}». ` +
        `Máximo ${mp.maxTitulo} caracteres. Empieza por la marca, sigue con el tipo de producto y su ` +
        `característica principal (potencia, medida o capacidad). No uses mayúsculas completas ni reclamos promocionales.`
      );
    case 'descripcion':
      return (
        `Redacta una descripción comercial de 150 a 250 palabras para ${mp.codigo} sobre un producto de «${categoria}». ` +
        `Tono profesional y cercano, orientado tanto al aficionado al bricolaje como al profesional. ` +
        `Menciona usos, ventajas y contenido del embalaje usando solo los datos facilitados.`
      );
    case 'puntosClave':
      return (
        `Escribe 5 viñetas de máximo 200 caracteres cada una para ${mp.codigo}. Cada viñeta empieza con una ` +
        `palabra clave en mayúsculas seguida de dos puntos. Destaca prestaciones, materiales, seguridad y garantía ` +
        `del producto de «${categoria}».`
      );
    case 'palabrasClave':
      return (
        `Propón entre 10 y 15 palabras clave de búsqueda en español, separadas por comas, sin repetir la marca ` +
        `ni las palabras del título, para un producto de «${categoria}» en ${mp.codigo}.`
      );
    default:
      return (
        `Resume el producto de «${categoria}» en una sola frase de máximo 160 caracteres para el listado de ` +
        `${mp.codigo}, destacando su característica diferencial.`
      );
  }
};

const generatedText = (campo: string, product: ProductInfo, mp: MarketplacePlan): string => {
  const { brand, titulo, top, sub, color, material } = product;
  switch (campo) {
    case 'titulo':
      return clip(`${brand.nombre} ${titulo}, ${color.toLowerCase()}`, mp.maxTitulo);
    case 'descripcion':
      return (
        `${titulo} de ${brand.nombre}: una solución fiable para ${top.uso}. Fabricado en ${material.toLowerCase()} ` +
        `y con acabado en color ${color.toLowerCase()}, combina resistencia y facilidad de uso. Forma parte de la ` +
        `selección de ${sub.nombre.toLowerCase()} de ${brand.nombre} y se entrega listo para usar, con instrucciones en español.`
      );
    case 'puntosClave':
      return [
        `CALIDAD: fabricado en ${material.toLowerCase()} para un uso intensivo.`,
        `VERSATILIDAD: pensado para ${top.uso}.`,
        `DISEÑO: acabado en color ${color.toLowerCase()}, fácil de identificar en el taller.`,
        `CONFIANZA: producto de la marca ${brand.nombre} con garantía del fabricante.`,
        `CONTENIDO: se entrega con la documentación y el embalaje original.`,
      ].join('\n');
    case 'palabrasClave':
      return [
        product.noun.toLowerCase(),
        sub.nombre.toLowerCase(),
        top.nombre.toLowerCase(),
        color.toLowerCase(),
        material.toLowerCase(),
        'bricolaje',
        'ferretería',
        'profesional',
        'envío rápido',
        'calidad',
      ].join(', ');
    default:
      return clip(`${titulo} de ${brand.nombre}, ideal para ${top.uso}.`, 160);
  }
};

// ---------------------------------------------------------------- permissions

/** `controllerName|moduleName|actionName|descripcion|roles` (roles: a = admin, e = editor). */
const PERMISOS: readonly string[] = [
  'manage|all||Acceso total a todos los módulos|a',
  'read|Auth||Acceso a la aplicación|e',
  'read|productos||Consultar productos|e',
  'update|productos||Editar productos|e',
  'update|productos|activoEnMarketplace|Cambiar la publicación en marketplaces|e',
  'create|productos||Crear productos|',
  'delete|productos||Eliminar productos|',
  'read|producto-generals||Consultar datos generales|e',
  'update|producto-generals||Editar datos generales|e',
  'read|producto-atributos||Consultar atributos de producto|e',
  'update|producto-atributos||Editar atributos de producto|e',
  'read|producto-multimedias||Consultar multimedia de producto|e',
  'update|producto-multimedias||Editar multimedia de producto|e',
  'read|categorias||Consultar categorías|e',
  'read|familias||Consultar familias|e',
  'read|Marca||Consultar marcas|e',
  'update|Marca||Editar marcas|',
  'read|TextosGenerados||Consultar textos generados|e',
  'update|TextosGenerados|revisado_sn|Revisar textos generados|e',
  'read|catalogos||Consultar catálogos|e',
  'read|catalogos-productos||Consultar productos de catálogos|e',
  'create|catalogos-productos||Añadir productos a catálogos|e',
  'delete|catalogos-productos||Quitar productos de catálogos|e',
  'read|MarketPlaces||Consultar marketplaces|e',
  'read|MarketPlacePrompts||Consultar prompts de marketplaces|e',
  'manage|usuarios||Gestionar usuarios|',
  'manage|roles||Gestionar roles|',
  'read|logsnavs||Consultar el registro del ERP|',
  'sync|erp||Sincronizar con el ERP (Business Central)|',
  'send|aecoc||Enviar datos a AECOC|',
  'export|productos||Exportar productos (feed de marketplaces)|',
  'create|TextosGenerados||Generar textos con IA|',
  'manage|vistas-guardadas||Guardar, compartir y usar vistas de las listas|e',
];

// ---------------------------------------------------------------- builder

interface SyncEvent {
  fecha: string;
  tabla: string;
  registro: string;
  error: string | null;
}

/** The demo data set; the same seed always gives the same rows. */
export function buildDemoData(seed: number = DEFAULT_SEED): DemoData {
  const rng = new Rng(seed);
  const tables = new Map<string, Table>();
  for (const name of RESOURCE_NAMES) {
    const schema = schemaFor(name);
    tables.set(name, new Table(schema?.compositeKey ? null : (schema?.idField ?? 'id')));
  }
  const table = (name: string): Table => {
    const found = tables.get(name);
    if (!found) throw new Error(`Unknown demo resource ${name}`);
    return found;
  };

  // ---- companies and their catalogues ----
  const companies: CompanyData[] = [];
  let productCount = 0;
  for (const def of COMPANIES) {
    const company = buildCompany(rng, table, def, productCount);
    productCount += company.products.length;
    companies.push(company);
  }
  const [main, second] = companies;
  const allProducts = companies.flatMap((company) => company.products);

  for (const company of companies) {
    table('parametrosGlobales').add({
      empresaId: company.empresaId,
      minutosCierreSesion: company.empresaId === 1 ? 5 : 10,
      rutaBaseFicheros: `/srv/pim/${company.def.codigo}/multimedia`,
    });
    for (const brand of company.brands.slice(0, company.empresaId === 1 ? 4 : 2)) {
      table('EmpresasBC').add({ idEmpresa: company.empresaId, idMarca: brand.id });
    }
  }

  // ---- languages and translations ----
  const idiomaIds = new Map<string, number>();
  for (const [codigo, nombre, activo] of [
    ['es', 'Español', 'S'],
    ['en', 'Inglés', 'S'],
    ['de', 'Alemán', 'N'],
    ['fr', 'Francés', 'N'],
    ['pt', 'Portugués', 'S'],
  ]) {
    idiomaIds.set(codigo, table('idiomas').add({ nombre, codigo, activo_sn: activo }));
  }
  for (const [codigo, clave, valor] of [
    ['en', 'menu.productos', 'Products'],
    ['en', 'menu.categorias', 'Categories'],
    ['en', 'menu.marcas', 'Brands'],
    ['de', 'menu.productos', 'Produkte'],
    ['de', 'menu.categorias', 'Kategorien'],
    ['fr', 'menu.productos', 'Produits'],
    ['fr', 'menu.categorias', 'Catégories'],
    ['pt', 'menu.productos', 'Produtos'],
    ['pt', 'menu.categorias', 'Categorias'],
    ['pt', 'menu.marcas', 'Marcas'],
  ]) {
    table('traducciones').add({ idiomaId: idiomaIds.get(codigo), clave, valor });
  }

  // ---- marketplaces, prompts, generated texts and the generation queue ----
  const prompts: { id: number; mp: MarketplacePlan; marketplaceId: number; top: string }[] = [];
  for (const mp of MARKETPLACES) {
    const marketplaceId = table('MarketPlaces').add({ codigo: mp.codigo, descripcion: mp.descripcion });
    for (const top of mp.categorias) {
      const row: Row = { marketplaceId, categoriaCodigo: top };
      CAMPO_SUFFIXES.forEach((suffix, index) => {
        const campo = mp.campos[index];
        row[`campo${suffix}`] = campo ?? null;
        row[`promptCampo${suffix}`] = campo ? promptText(campo, mp, topName(top)) : null;
      });
      prompts.push({ id: table('MarketPlacePrompts').add(row), mp, marketplaceId, top });
    }
  }
  const promptedTops = new Set(prompts.map((prompt) => prompt.top));
  const marketCandidates = main.products.filter(
    (product) => product.activoEnMarketplace !== null && promptedTops.has(product.top.code),
  );
  const withTexts = rng.sample(marketCandidates, 60);
  withTexts.forEach((product, index) => {
    // 0: every text reviewed; 1: none reviewed; 2: mixed.
    const state = index % 3;
    const candidates = prompts.filter((prompt) => prompt.top === product.top.code);
    const chosen = rng.sample(candidates, rng.chance(0.4) ? 2 : 1);
    const day = Math.max(daysFromBase(product.row.fechaCreacion as string) + 1, rng.int(40, 85));
    const fechaGeneracion = isoAt(day, workMinutes(rng));
    const texts: Row[] = [];
    for (const prompt of chosen) {
      table('ProductosGeneracionTextos').add({
        productoId: product.id,
        marketplacePromptId: prompt.id,
        procesado: 'S',
        estado: 'Ejecutado',
        fechaCreacion: plusSeconds(fechaGeneracion, -rng.int(600, 7200)),
      });
      for (const campo of prompt.mp.campos) {
        const row: Row = {
          productoId: product.id,
          marketplacePromptId: prompt.id,
          marketplaceId: prompt.marketplaceId,
          idioma: 'es',
          campo,
          texto: generatedText(campo, product, prompt.mp),
          revisado_sn: state === 0 ? 'S' : state === 1 ? 'N' : rng.chance(0.5) ? 'S' : 'N',
          fechaGeneracion: plusSeconds(fechaGeneracion, rng.int(1, 90)),
        };
        texts.push(row);
      }
    }
    if (state === 2) {
      texts[0].revisado_sn = 'S';
      texts[texts.length - 1].revisado_sn = 'N';
    }
    for (const row of texts) table('TextosGenerados').add(row);
  });
  const textIds = new Set(withTexts.map((product) => product.id));
  const queued = rng.sample(
    marketCandidates.filter((product) => !textIds.has(product.id) && product.activoEnMarketplace === 'S'),
    21,
  );
  queued.forEach((product, index) => {
    const prompt = rng.pick(prompts.filter((candidate) => candidate.top === product.top.code));
    const failed = index < 3;
    table('ProductosGeneracionTextos').add({
      productoId: product.id,
      marketplacePromptId: prompt.id,
      procesado: failed ? 'S' : 'N',
      estado: failed ? 'NoEjecutado' : null,
      fechaCreacion: isoAt(rng.int(75, 88), workMinutes(rng)),
    });
  });

  // ---- catalogues ----
  const inTops = (company: CompanyData, ...tops: string[]): ProductInfo[] =>
    company.products.filter((product) => tops.includes(product.top.code));
  const catalogues: {
    company: CompanyData;
    codigo: string;
    nombre: string;
    anyo: number;
    activo: string;
    products: ProductInfo[];
  }[] = [
    {
      company: main,
      codigo: 'CAT26-PRO',
      nombre: 'Catálogo Profesional 2026',
      anyo: 2026,
      activo: 'S',
      products: rng.sample(inTops(main, 'HEL', 'HMA'), 45),
    },
    {
      company: main,
      codigo: 'CAT26-JAR',
      nombre: 'Jardín y Exterior Primavera 2026',
      anyo: 2026,
      activo: 'S',
      products: rng.sample(inTops(main, 'JAR'), 30),
    },
    {
      company: main,
      codigo: 'CAT25-ILU',
      nombre: 'Iluminación LED 2025',
      anyo: 2025,
      activo: 'N',
      products: rng.sample(inTops(main, 'ILU'), 25),
    },
    {
      company: main,
      codigo: 'CAT26-OFE',
      nombre: 'Folleto de Ofertas Ferretería 2026',
      anyo: 2026,
      activo: 'S',
      products: rng.sample(inTops(main, 'FER', 'PIN', 'ELE'), 30),
    },
    {
      company: main,
      codigo: 'CAT24-GEN',
      nombre: 'Catálogo General 2024',
      anyo: 2024,
      activo: 'N',
      products: rng.sample(main.products, 50),
    },
    {
      company: second,
      codigo: 'FA26-GEN',
      nombre: 'Catálogo General Atlántica 2026',
      anyo: 2026,
      activo: 'S',
      products: second.products.slice(),
    },
    {
      company: second,
      codigo: 'FA26-PRO',
      nombre: 'Selección Profesional Atlántica 2026',
      anyo: 2026,
      activo: 'S',
      products: rng.sample(second.products, 15),
    },
  ];
  for (const catalogue of catalogues) {
    const catalogoId = table('catalogos').add({
      empresaId: catalogue.company.empresaId,
      codigo: catalogue.codigo,
      nombre: catalogue.nombre,
      anyo: catalogue.anyo,
      activoSN: catalogue.activo,
    });
    for (const product of catalogue.products.sort((x, y) => x.id - y.id)) {
      table('catalogos-productos').add({ catalogoId, productoId: product.id });
    }
  }

  // ---- range types, clubs and products per range ----
  const clubPlans: {
    company: CompanyData;
    nombre: string;
    descripcion: string;
    tops: string[];
    size: number;
  }[] = [
    {
      company: main,
      nombre: 'Club Profesional Obra',
      descripcion: 'Almacenes de construcción y suministros industriales con surtido profesional.',
      tops: ['HEL', 'HMA'],
      size: 12,
    },
    {
      company: main,
      nombre: 'Club Jardín y Exterior',
      descripcion: 'Centros de jardinería y tiendas de exterior.',
      tops: ['JAR', 'ILU'],
      size: 10,
    },
    {
      company: main,
      nombre: 'Club Ferreterías de Barrio',
      descripcion: 'Ferreterías de proximidad asociadas a la central de compras.',
      tops: ['FER', 'PIN', 'HMA'],
      size: 10,
    },
    {
      company: main,
      nombre: 'Club Instaladores',
      descripcion: 'Instaladores eléctricos y fontaneros.',
      tops: ['ELE', 'FON'],
      size: 8,
    },
    {
      company: second,
      nombre: 'Club Atlántico Profesional',
      descripcion: 'Clientes profesionales de Galicia y Asturias.',
      tops: ['HEL', 'HMA', 'FER'],
      size: 6,
    },
    {
      company: second,
      nombre: 'Club Hogar y Confort',
      descripcion: 'Tiendas de hogar, climatización e iluminación.',
      tops: ['CLI', 'ILU'],
      size: 4,
    },
  ];
  const rangeIds = new Map<number, number[]>();
  for (const [empresaId, names] of [
    [main.empresaId, ['Imprescindible', 'Recomendado', 'Complementario', 'Temporada']],
    [second.empresaId, ['Básico', 'Ampliado', 'Premium']],
  ] as const) {
    rangeIds.set(
      empresaId,
      names.map((rango, index) => table('TiposRango').add({ empresaId, rango, orden: index + 1 })),
    );
  }
  for (const plan of clubPlans) {
    const { company } = plan;
    const clubId = table('Clubs').add({
      empresaId: company.empresaId,
      nombre: plan.nombre,
      descripcion: plan.descripcion,
      filtroMarcas: company.brands
        .filter((brand) => brand.tops.some((top) => plan.tops.includes(top)))
        .map((brand) => brand.nombre)
        .join(','),
      filtroCategorias: plan.tops.map(topName).join(','),
    });
    const ranges = rangeIds.get(company.empresaId) ?? [];
    for (const product of rng.sample(inTops(company, ...plan.tops), plan.size)) {
      // Consecutive, non-overlapping periods for this sku + club.
      let start = rng.int(-4, 40);
      const periods = rng.int(1, 3);
      for (let period = 0; period < periods; period += 1) {
        const end = start + rng.int(30, 120);
        table('ProductosPorRango').add({
          empresaId: company.empresaId,
          skuProducto: product.sku,
          rangoId: rng.pick(ranges),
          clubId,
          desdeFecha: isoDay(start),
          hastaFecha: isoDay(end),
        });
        start = end + rng.int(1, 20);
      }
    }
  }

  // ---- ERP sync log on products and relations ----
  const events: SyncEvent[] = [];
  const syncFields = (tabla: string, registro: string, afterDay: number, errorRate: number): Row => {
    const fechaEjecucion = isoAt(afterDay + rng.int(1, 20), workMinutes(rng));
    const error = rng.chance(errorRate) ? rng.pick(SYNC_ERRORS) : null;
    events.push({ fecha: fechaEjecucion, tabla, registro, error });
    return {
      fechaSincronizacionConBC: error
        ? rng.chance(0.5)
          ? isoAt(afterDay, workMinutes(rng))
          : null
        : plusSeconds(fechaEjecucion, rng.int(2, 40)),
      fechaEjecucionDeProcesoSincroBC: fechaEjecucion,
      motivoErrorSincroConBC: error,
    };
  };
  const noSync = (): Row => ({
    fechaSincronizacionConBC: null,
    fechaEjecucionDeProcesoSincroBC: null,
    motivoErrorSincroConBC: null,
  });
  const relationStamps = (): Row => {
    const created = rng.int(5, 70);
    return {
      fechaCreacion: isoAt(created, workMinutes(rng)),
      fechaModificacion: isoAt(created + rng.int(0, 20), workMinutes(rng)),
    };
  };
  const relationSync = (tabla: string, registro: string, stamps: Row): Row =>
    rng.chance(0.3)
      ? syncFields(tabla, registro, daysFromBase(stamps.fechaModificacion as string), 0.35)
      : noSync();

  const syncedProducts = rng.sample(main.products, 40);
  syncedProducts
    .sort((x, y) => x.id - y.id)
    .forEach((product, index) => {
      const created = daysFromBase(product.row.fechaCreacion as string);
      const fields = syncFields('productos', product.sku, created, index % 4 === 0 ? 1 : 0);
      Object.assign(product.row, { sincronizarConBC: 'S' }, fields);
    });

  // ---- assemblies, substitutes and spare parts (skus of existing products) ----
  const recambios = main.products.filter((product) => product.sub.code === 'REC');
  const powerTools = main.products.filter((product) =>
    ['TAL', 'AMO', 'SIE', 'LIJ'].includes(product.sub.code),
  );
  for (const principal of rng.sample(powerTools, 10)) {
    principal.row.ensamblado = 'S';
    for (const component of rng.sample(recambios, rng.int(2, 3))) {
      const stamps = relationStamps();
      table('Ensamblados').add({
        skuPrincipal: principal.sku,
        skuEnsamblado: component.sku,
        descripcion: clip(
          `Incluye ${component.titulo.charAt(0).toLowerCase()}${component.titulo.slice(1)}`,
          255,
        ),
        cantidad: rng.chance(0.25) ? 2 : 1,
        ...stamps,
        ...relationSync('ensamblados', `${principal.sku} / ${component.sku}`, stamps),
      });
    }
  }

  const SUSTITUTO_MOTIVOS = [
    'Modelo equivalente de otra marca',
    'Nueva versión del producto',
    'Alternativa con mejores prestaciones',
    'Sustituto temporal por rotura de stock',
    'Referencia de reemplazo tras descatalogación',
  ];
  const substitutePairs = new Set<string>();
  for (const company of companies) {
    const wanted = company === main ? 24 : 4;
    let made = 0;
    for (const principal of rng.shuffle(company.products)) {
      if (made >= wanted) break;
      const peers = company.products.filter(
        (p) => p.sub.code === principal.sub.code && p.id !== principal.id,
      );
      if (peers.length === 0) continue;
      const substitute = rng.pick(peers);
      const key = `${principal.sku}|${substitute.sku}`;
      if (substitutePairs.has(key)) continue;
      substitutePairs.add(key);
      made += 1;
      const stamps = relationStamps();
      const inicio = rng.int(0, 60);
      table('Sustitutos').add({
        skuPrincipal: principal.sku,
        skuSustituto: substitute.sku,
        descripcion: rng.pick(SUSTITUTO_MOTIVOS),
        fechaInicio: isoDay(inicio),
        fechaFin: rng.chance(0.5) ? isoDay(inicio + rng.int(30, 240)) : null,
        intercambiable: rng.chance(0.6) ? 'S' : 'N',
        ...stamps,
        ...relationSync('sustitutos', `${principal.sku} / ${substitute.sku}`, stamps),
      });
    }
  }

  const gardenMachines = main.products.filter((product) => product.sub.code === 'COR');
  for (const principal of rng.sample([...powerTools, ...gardenMachines], 10)) {
    rng.sample(recambios, rng.int(2, 3)).forEach((part, index) => {
      const stamps = relationStamps();
      const inicio = rng.int(0, 50);
      table('Repuestos').add({
        skuPrincipal: principal.sku,
        skuRepuesto: part.sku,
        descripcion: clip(`Recambio: ${part.titulo}`, 255),
        posicion: index + 1,
        fechaInicio: isoDay(inicio),
        fechaFin: rng.chance(0.3) ? isoDay(inicio + rng.int(90, 365)) : null,
        ...stamps,
        ...relationSync('repuestos', `${principal.sku} / ${part.sku}`, stamps),
      });
    });
  }

  // ---- ERP log (logsnavs): every error and enough successes for about 30 rows ----
  const errors = events.filter((event) => event.error);
  const successes = rng.sample(
    events.filter((event) => !event.error),
    Math.max(0, 30 - errors.length),
  );
  const TABLE_LABEL: Record<string, string> = {
    productos: 'Producto',
    ensamblados: 'Ensamblado',
    sustitutos: 'Sustituto',
    repuestos: 'Repuesto',
  };
  const companyOfSku = new Map(allProducts.map((product) => [product.sku, product.empresaId]));
  for (const event of [...errors, ...successes].sort((x, y) => x.fecha.localeCompare(y.fecha))) {
    table('logsnavs').add({
      empresaId: companyOfSku.get(event.registro.split(/[ /]/)[0]) ?? main.empresaId,
      fecha: event.fecha,
      tabla: event.tabla,
      registro: event.registro,
      nivel: event.error ? 'ERROR' : 'INFO',
      mensaje: event.error ?? `${TABLE_LABEL[event.tabla]} sincronizado correctamente con Business Central.`,
    });
  }

  // ---- integration templates ----
  const campos = (tableName: string): string =>
    (schemaForTable(tableName)?.fields ?? [])
      .filter((field) => !field.readOnly && !field.writeOnly)
      .map((field) => field.name)
      .join(',');
  for (const [nombre, descripcion, rutaBase, tablas] of [
    [
      'Exportación a Business Central',
      'Ficheros de artículos, atributos y multimedia que se envían al ERP cada noche.',
      '/srv/pim/SUMIB/integraciones/bc',
      ['productos', 'producto_general', 'producto_atributos', 'producto_multimedia'],
    ],
    [
      'Feed de marketplaces',
      'Datos de producto para los feeds de Amazon, Leroy Merlin y ManoMano.',
      '/srv/pim/SUMIB/integraciones/marketplaces',
      ['productos', 'producto_general', 'producto_multimedia'],
    ],
  ] as const) {
    const plantillaId = table('Plantilla').add({ empresaId: main.empresaId, nombre, descripcion, rutaBase });
    tablas.forEach((tableName, index) => {
      table('Tablas').add({ plantillaId, nombre: tableName, campos: campos(tableName), orden: index + 1 });
    });
  }

  // ---- roles, permissions and users ----
  const roleIds = new Map<string, number>([
    ['admin', table('roles').add({ nombre: 'Administrador', codigo: 'admin' })],
    ['editor', table('roles').add({ nombre: 'Editor de catálogo', codigo: 'editor' })],
  ]);
  for (const spec of PERMISOS) {
    const [controllerName, moduleName, actionName, descripcion, roles] = spec.split('|');
    const permisoId = table('permisos').add({ controllerName, moduleName, actionName, descripcion });
    if (roles.includes('a')) table('RolPermiso').add({ rolId: roleIds.get('admin'), permisoId });
    if (roles.includes('e')) table('RolPermiso').add({ rolId: roleIds.get('editor'), permisoId });
  }
  const users = [
    {
      nombre: 'Administración PIM',
      codigo: 'ADMIN',
      mail: DEMO_ADMIN.email,
      empresaId: 1,
      rol: 'admin',
      password: DEMO_ADMIN.password,
    },
    {
      nombre: 'Lucía Fernández Ortega',
      codigo: 'LFERNANDEZ',
      mail: DEMO_EDITOR.email,
      empresaId: 1,
      rol: 'editor',
      password: DEMO_EDITOR.password,
    },
    ...EXTRA_USERS.map((user) => ({ ...user, password: OTHER_USERS_PASSWORD })),
  ];
  const logins: DemoLogin[] = [];
  for (const user of users) {
    const usuarioId = table('usuarios').add({
      empresaId: user.empresaId,
      nombre: user.nombre,
      codigo: user.codigo,
      mail: user.mail,
      password: user.password,
      activoSN: 'S',
    });
    table('UsuarioRol').add({ usuarioId, rolId: roleIds.get(user.rol) });
    logins.push({ email: user.mail, password: user.password, role: user.rol });
  }

  if (allProducts.length !== productCount) throw new Error('product count mismatch');
  const rows: Record<string, Record<string, unknown>[]> = {};
  for (const [name, found] of tables) rows[name] = found.rows;
  return { rows, logins };
}
