/**
 * One company's catalogue: its master data (categories, families, brands, situations, icons, attribute
 * groups and attributes, multimedia types) and its products with their child records.
 */
import { ROOT_CODE } from '../../src/core/categoryTree';
import type { Rng } from './random';
import {
  ATTRIBUTES,
  ATTRIBUTE_GROUPS,
  CATEGORY_TREE,
  CONTENEDORES,
  FAMILIES,
  FORMATOS_RP,
  ICONOS,
  MULTIMEDIA_TYPES,
  ORIGENES,
  SITUACIONES,
  parseTitles,
  type AttributeDef,
  type CompanyDef,
  type SubDef,
  type TopDef,
} from './words';
import { Table, clip, decimalEs, ean13, isoAt, pad, workMinutes, type Row } from './util';

export type Tables = (name: string) => Table;

export interface BrandInfo {
  id: number;
  nombre: string;
  codigo: string;
  tops: readonly string[];
}

export interface ProductInfo {
  id: number;
  empresaId: number;
  sku: string;
  titulo: string;
  noun: string;
  top: TopDef;
  sub: SubDef;
  brand: BrandInfo;
  color: string;
  material: string;
  activoEnMarketplace: 'S' | 'N' | null;
  /** The productos row (mutated later for the ensamblado flag and the sync fields). */
  row: Row;
}

export interface CompanyData {
  empresaId: number;
  def: CompanyDef;
  tops: readonly TopDef[];
  brands: readonly BrandInfo[];
  products: ProductInfo[];
}

const round2 = (value: number): number => Math.round(value * 100) / 100;

const NECESIDADES: readonly string[] = [
  'Requiere etiquetado en español y portugués.',
  'Necesita ficha de seguridad actualizada antes de la venta.',
  'Pendiente de fotografías de ambiente.',
  'Revisar embalaje para venta online (caja reforzada).',
  'Requiere declaración CE del fabricante.',
];

const DETALLES: readonly string[] = [
  'Embalaje individual con código EAN visible.',
  'Se sirve en caja máster con separadores.',
  'Producto paletizable, apilable hasta 4 alturas.',
  'Incluye manual multilingüe y tarjeta de garantía.',
  'Unidad de venta mínima: caja completa.',
];

const USO_RECOMENDADO: readonly string[] = ['Profesional', 'Doméstico', 'Profesional y doméstico'];

/** The sub codes an attribute applies to, within a tree of top categories. */
const attributeSubs = (def: AttributeDef, tops: readonly TopDef[]): SubDef[] =>
  tops.flatMap((top) =>
    top.subs.filter(
      (sub) =>
        def.applies.includes('*') ||
        def.applies.includes(top.code) ||
        def.applies.includes(`${top.code}-${sub.code}`),
    ),
  );

const attributeValue = (rng: Rng, def: AttributeDef, titulo: string): string => {
  if (def.fromTitle) {
    const match = def.fromTitle.exec(titulo);
    if (match) return match[1];
    if (def.valorDefecto) return def.valorDefecto;
  }
  const range = /^#(\d+)-(\d+)$/.exec(def.values);
  if (range) return String(rng.int(Number(range[1]), Number(range[2])));
  return rng.pick(def.values.split(';'));
};

export function buildCompany(rng: Rng, table: Tables, def: CompanyDef, productIdOffset: number): CompanyData {
  const empresaId = table('empresas').add({ nombre: def.nombre, codigo: def.codigo });
  const tops = def.tops.map((code) => {
    const top = CATEGORY_TREE.find((candidate) => candidate.code === code);
    if (!top) throw new Error(`Unknown category ${code}`);
    return top;
  });
  const isMain = empresaId === 1;

  // ---- categories: root 'master', top-level categories, subcategories ----
  const categorias = table('categorias');
  categorias.add({ empresaId, codigo: ROOT_CODE, padre: null, nombre: 'Catálogo' });
  for (const top of tops) {
    categorias.add({ empresaId, codigo: top.code, padre: ROOT_CODE, nombre: top.nombre });
    for (const sub of top.subs) {
      categorias.add({ empresaId, codigo: `${top.code}-${sub.code}`, padre: top.code, nombre: sub.nombre });
    }
  }

  // ---- families ----
  const families = (isMain ? FAMILIES : FAMILIES.slice(0, 8)).map((spec) => {
    const [nombre, codigo, padre] = spec.split('|');
    table('familias').add({ empresaId, nombre, codigo, padre: padre || null });
    return nombre;
  });

  // ---- brands ----
  const brands: BrandInfo[] = def.brands.map((spec) => {
    const [nombre, codigo, topCodes] = spec.split('|');
    const id = table('Marca').add({ empresaId, nombre, codigo });
    return { id, nombre, codigo, tops: topCodes.split(' ') };
  });

  // ---- situations, icons, multimedia types ----
  const situaciones = isMain ? SITUACIONES : SITUACIONES.slice(0, 4);
  for (const nombre of situaciones) table('Situaciones').add({ empresaId, nombre });

  const iconos = (isMain ? ICONOS : ICONOS.slice(0, 4)).map((spec) => {
    const [nombre, posiblesValores] = spec.split('|');
    const id = table('Iconos').add({ empresaId, nombre, posiblesValores });
    return { id, nombre, values: posiblesValores.split(',') };
  });

  const multimedia = new Map<string, { id: number; tipo: string; categoria: string; tipoAecoc: string }>();
  for (const spec of isMain ? MULTIMEDIA_TYPES : MULTIMEDIA_TYPES.slice(0, 5)) {
    const [clave, tipo, categoria, defectosn, tipoAecoc] = spec.split('|');
    const id = table('multimedias').add({ empresaId, clave, tipo, categoria, defectosn, tipoAecoc });
    multimedia.set(clave, { id, tipo, categoria, tipoAecoc });
  }

  // ---- attribute groups and attributes ----
  const groupIds = new Map<string, number>();
  for (const spec of ATTRIBUTE_GROUPS) {
    const [nombre, codigo] = spec.split('|');
    groupIds.set(codigo, table('grupos-atributos').add({ empresaId, nombre, codigo }));
  }
  const attributes: { id: number; def: AttributeDef; subs: Set<string> }[] = [];
  ATTRIBUTES.forEach((attr, index) => {
    const subs = attributeSubs(attr, tops);
    if (subs.length === 0) return;
    const id = table('atributos').add({
      empresaId,
      nombre: attr.nombre,
      unidad: attr.unidad || null,
      // the attributes measured in a unit hold numbers.
      tipo: attr.unidad ? 'numero' : 'texto',
      categorias: subs.map((sub) => sub.nombre).join(','),
      grupoAtributosId: groupIds.get(attr.group),
      valorDefecto: attr.valorDefecto ?? null,
      codigo: 1001 + index,
    });
    attributes.push({ id, def: attr, subs: new Set(subs.map((sub) => sub.code)) });
  });

  // ---- products ----
  const slots = tops.flatMap((top) => top.subs.map((sub) => ({ top, sub })));
  const counts = slots.map(() => (isMain ? 5 : 1));
  for (let left = def.productCount - counts.reduce((sum, n) => sum + n, 0); left > 0; left -= 1) {
    counts[rng.int(0, slots.length - 1)] += 1;
  }
  const order = rng.shuffle(
    slots.flatMap((slot, index) => Array.from({ length: counts[index] }, () => slot)),
  );
  const combos = new Map<string, { noun: string; titulo: string }[]>();
  for (const { sub } of slots) {
    const list = parseTitles(sub.titles).flatMap(({ noun, qualifiers }) =>
      qualifiers.map((qualifier) => ({ noun, titulo: `${noun} ${qualifier}` })),
    );
    combos.set(sub.code, rng.shuffle(list));
  }
  const used = new Map<string, number>();
  const packSuffix = ['', ' (pack de 2 uds.)', ' (pack de 5 uds.)', ' (pack de 10 uds.)'];

  const gln = ean13(def.glnBody);
  const products: ProductInfo[] = [];
  let seq = rng.int(1, 20);

  for (const { top, sub } of order) {
    const list = combos.get(sub.code) ?? [];
    const n = used.get(sub.code) ?? 0;
    used.set(sub.code, n + 1);
    const combo = list[n % list.length];
    const titulo = combo.titulo + packSuffix[Math.floor(n / list.length) % packSuffix.length];
    const sku = `${def.prefix}-${sub.code}-${pad(seq, 5)}`;
    seq += rng.int(1, 3);

    const specialists = brands.filter((brand) => brand.tops.includes(top.code));
    const brand = rng.pick(specialists.length > 0 ? specialists : brands);
    const color = rng.pick(top.colores.split(';'));
    const material = rng.pick(top.materiales.split(';'));

    // Categories: the subcategory, sometimes a second one of the same branch.
    const categoryNames = [sub.nombre];
    if (rng.chance(0.22)) {
      const other = rng.pick(top.subs.filter((candidate) => candidate.code !== sub.code));
      categoryNames.push(other.nombre);
    }
    const familyNames = rng.chance(0.05) ? [] : rng.sample(families, rng.chance(0.3) ? 2 : 1);

    const created = rng.int(0, 80);
    const fechaCreacion = isoAt(created, workMinutes(rng));
    const fechaModificacion = isoAt(created + rng.int(1, 45), workMinutes(rng));
    const marketRoll = rng.next();
    const activoEnMarketplace = marketRoll < 0.3 ? null : marketRoll < 0.8 ? 'S' : 'N';
    const finalizado = rng.chance(0.6) ? 'S' : 'N';

    const draft: Row = {
      empresaId,
      nombre: sku,
      imagen: `multimedia/${sku}/800x600_${sku}.png`,
      categorias: categoryNames.join('; '),
      familias: familyNames.join('; '),
      fechaCreacion,
      fechaModificacion,
      finalizado,
      finalizadoSAT: finalizado === 'S' && rng.chance(0.6) ? 'S' : 'N',
      enviarAecoc: finalizado === 'S' && rng.chance(0.5) ? 'S' : 'N',
      sincronizarConBC: rng.chance(0.4) ? 'S' : 'N',
      ensamblado: 'N',
      activoEnMarketplace,
      ordenAtributos: '0',
      fechaSincronizacionConBC: null,
      fechaEjecucionDeProcesoSincroBC: null,
      motivoErrorSincroConBC: null,
    };
    const id = table('productos').add(draft);
    const row = table('productos').rows[id - 1];
    // The first products of each company carry one earlier save in their «Historial» (the value it changed is
    // the one stored now, so restoring it gives the previous value back).
    if (products.length < 3) {
      const sincronizar = draft.sincronizarConBC as string;
      table('historial').add({
        empresaId,
        productoId: id,
        fecha: fechaModificacion,
        usuario: 'Lucía Fernández Ortega',
        origen: 'formulario',
        cambios: JSON.stringify([
          { campo: 'sincronizarConBC', anterior: sincronizar === 'S' ? 'N' : 'S', nuevo: sincronizar },
        ]),
      });
    }
    if (id !== productIdOffset + products.length + 1) throw new Error('product ids out of step');
    const info: ProductInfo = {
      id,
      empresaId,
      sku,
      titulo,
      noun: combo.noun,
      top,
      sub,
      brand,
      color,
      material,
      activoEnMarketplace,
      row,
    };
    products.push(info);

    // ---- attributes (most products) and the dimensions shown in the general record ----
    // Sizes grow with the price band of the subcategory (a bulb is small, a lawn mower is not).
    const maxLargo = Math.min(150, Math.round(12 + sub.price[1] / 4));
    const largo = rng.int(Math.round(maxLargo / 2), maxLargo);
    const ancho = rng.int(Math.max(2, Math.round(largo * 0.3)), Math.max(2, Math.round(largo * 0.8)));
    const alto = rng.int(Math.max(2, Math.round(largo * 0.1)), Math.max(2, Math.round(largo * 0.7)));
    const pesoNeto = Math.max(0.1, ((largo * ancho * alto) / 1000) * (0.05 + rng.next() * 0.2));
    const pesoBruto = pesoNeto * (1.1 + rng.next() * 0.2);
    if (rng.chance(0.86)) {
      const perGroup = new Map<string, number>();
      for (const attribute of attributes) {
        if (!attribute.subs.has(sub.code)) continue;
        const attr = attribute.def;
        const ordenEnGrupo = (perGroup.get(attr.group) ?? 0) + 1;
        perGroup.set(attr.group, ordenEnGrupo);
        let valor: string;
        if (attr.nombre === 'Largo') valor = String(largo);
        else if (attr.nombre === 'Ancho') valor = String(ancho);
        else if (attr.nombre === 'Alto') valor = String(alto);
        else if (attr.nombre === 'Peso neto') valor = decimalEs(pesoNeto);
        else if (attr.nombre === 'Peso bruto') valor = decimalEs(pesoBruto);
        else if (attr.nombre === 'Material principal') valor = material;
        else if (attr.nombre === 'Tipo de batería') {
          valor = !/\d V\b/.test(titulo)
            ? 'Sin batería (con cable)'
            : /sin batería/.test(titulo)
              ? 'Ion-litio (no incluida)'
              : 'Ion-litio';
        } else valor = attributeValue(rng, attr, titulo);
        table('producto-atributos').add({
          productoId: id,
          atributoId: attribute.id,
          nombre: attr.nombre,
          valor,
          unidad: attr.unidad || null,
          ordenEnGrupo,
        });
      }
    }

    // ---- general record ----
    const situacion = rng.chance(0.8) ? 'Activo' : rng.pick(situaciones);
    table('producto-generals').add({
      productoId: id,
      titulo,
      descripcion: `${titulo} de ${brand.nombre}, pensado para ${top.uso}.`,
      descripcionLarga:
        `${titulo} de la marca ${brand.nombre}. Fabricado en ${material.toLowerCase()}, ` +
        `color ${color.toLowerCase()}, es una referencia de la gama de ${sub.nombre.toLowerCase()} ` +
        `pensada para ${top.uso}. Se suministra con embalaje ${rng.pick(FORMATOS_RP).toLowerCase()} ` +
        `y documentación en español.`,
      ean: ean13(def.eanPrefix + pad(id, 5)),
      sku,
      GLN: gln,
      referenciaAgrupacion: null,
      marca: brand.nombre,
      palabrasClave: [
        combo.noun.toLowerCase(),
        sub.nombre.toLowerCase(),
        top.nombre.toLowerCase(),
        brand.nombre.toLowerCase(),
      ].join(', '),
      puntosClave: [
        `Marca ${brand.nombre}`,
        `Material: ${material.toLowerCase()}`,
        `Ideal para ${top.uso}`,
      ].join('; '),
      color,
      dimensiones: `${largo} x ${ancho} x ${alto} cm`,
      clasificacion: rng.pick(['A', 'A', 'B', 'B', 'B', 'C']),
      estadoReferencia: situacion,
      formatoRP: rng.pick(FORMATOS_RP),
      descripcionAecoc: clip(`${combo.noun} ${brand.nombre}`.toUpperCase(), 70),
      mercados: '724',
    });

    // ---- catalogue and cost data (most products) ----
    if (rng.chance(0.85)) {
      const precioFabrica = rng.money(sub.price[0], sub.price[1]);
      table('producto-datos-catalogo').add({
        productoId: id,
        codigoFabricante: `${brand.codigo}-${rng.int(10000, 99999)}`,
        skuProvisional: rng.chance(0.15) ? `PROV-${sku}` : null,
        capacidadCarga: ['MOB', 'SAN', 'BIS', 'TOR', 'CER'].includes(sub.code)
          ? `${rng.pick([25, 50, 80, 120, 150])} kg`
          : null,
        contenedor: rng.pick(CONTENEDORES),
        precioFabrica,
        costoAlmacen: round2(precioFabrica * (0.03 + rng.next() * 0.05)),
        costeEstandar: round2(precioFabrica * (1.1 + rng.next() * 0.2)),
        envio: rng.money(0.5, 12),
        arancel: round2(precioFabrica * rng.pick([0, 0.017, 0.027, 0.037, 0.047])),
        detallesProducto: rng.pick(DETALLES),
        necesidadesProducto: rng.chance(0.4) ? rng.pick(NECESIDADES) : null,
      });
    }

    // ---- multimedia: the main image of every product, plus some documents, pictures and videos ----
    const addMedia = (clave: string, formato: string, fichero: string, principal: boolean): void => {
      const type = multimedia.get(clave);
      if (!type) return;
      table('producto-multimedias').add({
        productoId: id,
        multimediaId: type.id,
        nombre: clave,
        tipo: type.tipo,
        categoria: type.categoria,
        formato,
        objetivo: principal ? 'Web y marketplaces' : type.tipo === 'Documento' ? 'Descarga' : 'Galería',
        principalSN: principal ? 'S' : 'N',
        publicoSN: principal || rng.chance(0.8) ? 'S' : 'N',
        tagAecoc: type.tipoAecoc,
        fichero,
      });
    };
    addMedia('imagen_principal', 'png', row.imagen as string, true);
    if (rng.chance(0.45))
      addMedia('ficha_tecnica', 'pdf', `multimedia/${sku}/ficha_tecnica_${sku}.pdf`, false);
    if (rng.chance(0.25)) addMedia('imagen_ambiente', 'jpg', `multimedia/${sku}/ambiente_${sku}.jpg`, false);
    if (rng.chance(0.15))
      addMedia('manual_instrucciones', 'pdf', `multimedia/${sku}/manual_${sku}.pdf`, false);
    if (rng.chance(0.06)) addMedia('video_demostracion', 'mp4', `multimedia/${sku}/video_${sku}.mp4`, false);

    // ---- icons (unique product + icon pairs) ----
    if (rng.chance(0.35)) {
      const eligible = iconos.filter((icono) => {
        if (icono.nombre === 'Clase energética') return ['ILU', 'CLI'].includes(top.code);
        if (icono.nombre === 'Alimentación') return ['HEL', 'JAR', 'ILU', 'CLI', 'FON'].includes(top.code);
        if (icono.nombre === 'Grado de protección')
          return ['ILU', 'ELE', 'JAR', 'CLI', 'HEL'].includes(top.code);
        return true;
      });
      for (const icono of rng.sample(eligible, rng.int(1, 3))) {
        table('ProductoIconos').add({ idProducto: id, idIcono: icono.id, texto: rng.pick(icono.values) });
      }
    }

    // ---- free characteristics ----
    if (rng.chance(0.3)) {
      table('producto-caracteristicas').add({
        productoId: id,
        nombre: 'Garantía',
        valor: rng.pick(['2 años', '3 años', '5 años']),
      });
      table('producto-caracteristicas').add({
        productoId: id,
        nombre: 'País de origen',
        valor: rng.pick(ORIGENES),
      });
      if (rng.chance(0.5)) {
        table('producto-caracteristicas').add({
          productoId: id,
          nombre: 'Uso recomendado',
          valor: rng.pick(USO_RECOMENDADO),
        });
      }
    }
  }

  // ---- grouping references: variants of the same model (same subcategory and noun), 3 to 5 per group ----
  const generals = table('producto-generals').rows;
  const byModel = new Map<string, ProductInfo[]>();
  for (const product of products) {
    const key = `${product.sub.code}|${product.noun}`;
    byModel.set(key, [...(byModel.get(key) ?? []), product]);
  }
  let groupSeq = 0;
  for (const members of byModel.values()) {
    let start = 0;
    while (members.length - start >= 3) {
      const size = Math.min(rng.int(3, 5), members.length - start);
      groupSeq += 1;
      const reference = `AGR-${def.prefix}-${members[start].sub.code}-${pad(groupSeq, 3)}`;
      for (const member of members.slice(start, start + size)) {
        generals[member.id - 1].referenciaAgrupacion = reference;
      }
      start += size;
    }
  }

  return { empresaId, def, tops, brands, products };
}
