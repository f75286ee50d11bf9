/**
 * Compact word lists for the demo catalogue (a Spanish hardware / DIY / home-and-garden distributor).
 *
 * Product titles are written as `noun:qualifier;qualifier|noun:qualifier;…`: each product title is
 * one noun followed by one of its qualifiers.
 */

export interface SubDef {
  /** Three-letter code used in SKUs ('TAL' → 'SI-TAL-00017'); the category codigo is `${top}-${code}`. */
  code: string;
  nombre: string;
  titles: string;
  /** Factory price range in euros. */
  price: readonly [number, number];
}

export interface TopDef {
  code: string;
  nombre: string;
  /** What the products are for (used in descriptions and generated texts). */
  uso: string;
  /** Typical main materials and colours, `a;b;c`. */
  materiales: string;
  colores: string;
  subs: readonly SubDef[];
}

const s = (code: string, nombre: string, titles: string, min: number, max: number): SubDef => ({
  code,
  nombre,
  titles,
  price: [min, max],
});

export const CATEGORY_TREE: readonly TopDef[] = [
  {
    code: 'HEL',
    nombre: 'Herramientas eléctricas',
    uso: 'trabajos de bricolaje exigentes y el uso diario en obra',
    materiales: 'Plástico ABS;Aluminio;Acero;Poliamida reforzada',
    colores: 'Azul;Verde;Amarillo;Rojo;Negro;Naranja',
    subs: [
      s(
        'TAL',
        'Taladros',
        'Taladro percutor:750 W con maletín;850 W con empuñadura auxiliar;1.100 W profesional;18 V sin batería|Taladro atornillador:12 V compacto;18 V con 2 baterías 2 Ah;18 V sin escobillas;20 V con maletín|Martillo perforador SDS-Plus:800 W 3 J;1.050 W 4 J con maletín;18 V sin batería',
        35,
        260,
      ),
      s(
        'AMO',
        'Amoladoras',
        'Amoladora angular 115 mm:750 W;900 W con disco;18 V sin batería|Amoladora angular 125 mm:1.200 W con regulador;18 V sin escobillas;1.400 W antiarranque|Amoladora angular 230 mm:2.000 W;2.400 W profesional',
        30,
        210,
      ),
      s(
        'SIE',
        'Sierras eléctricas',
        'Sierra de calar:650 W con guía láser;800 W pendular;18 V sin batería|Sierra circular 190 mm:1.400 W;1.500 W con guía paralela|Sierra de sable:900 W con 5 hojas;18 V sin batería|Ingletadora 254 mm:1.800 W con láser',
        40,
        320,
      ),
      s(
        'LIJ',
        'Lijadoras',
        'Lijadora orbital:240 W;300 W con bolsa de aspiración|Lijadora excéntrica 125 mm:350 W;18 V sin batería|Lijadora de banda:750 W con aspiración;900 W profesional|Multiherramienta oscilante:300 W con 20 accesorios;18 V sin batería',
        25,
        180,
      ),
      s(
        'REC',
        'Accesorios y recambios',
        'Batería de litio:18 V 2 Ah;18 V 4 Ah;18 V 5 Ah|Cargador rápido:18 V;12-18 V doble puerto|Juego de brocas:HSS para metal 19 piezas;para madera 8 piezas;SDS-Plus 5 piezas|Disco de corte:115 mm para metal;125 mm diamantado;230 mm para piedra|Juego de escobillas de carbón:para amoladora;para taladro',
        3,
        90,
      ),
    ],
  },
  {
    code: 'HMA',
    nombre: 'Herramientas manuales',
    uso: 'el taller, el mantenimiento y las reparaciones del día a día',
    materiales: 'Acero al cromo-vanadio;Acero forjado;Acero;Fibra de vidrio',
    colores: 'Rojo;Negro;Amarillo;Azul;Plata',
    subs: [
      s(
        'MAR',
        'Martillos y mazas',
        'Martillo de carpintero:300 g con mango de fibra;500 g con mango de madera|Martillo de encofrador:600 g;800 g antivibración|Maza de albañil:1 kg;2 kg con mango de fibra|Mazo de goma:450 g blanco;680 g negro',
        5,
        45,
      ),
      s(
        'DES',
        'Destornilladores',
        'Juego de destornilladores:6 piezas;8 piezas aislados 1000 V;12 piezas de precisión|Juego de puntas de atornillar:32 piezas;50 piezas con adaptador magnético|Destornillador de carraca:con 12 puntas;con mango bimaterial',
        4,
        60,
      ),
      s(
        'LLA',
        'Llaves',
        'Juego de llaves combinadas:8 piezas de 8 a 19 mm;12 piezas de 6 a 22 mm|Llave ajustable:200 mm;250 mm;300 mm|Juego de llaves Allen:9 piezas;Torx 9 piezas|Juego de vasos de 1/2":24 piezas;46 piezas con carraca',
        6,
        110,
      ),
      s(
        'ALI',
        'Alicates',
        'Alicate universal:180 mm;200 mm aislado 1000 V|Alicate de corte diagonal:160 mm;180 mm aislado|Alicate de presión:250 mm;con mordaza curva|Pelacables automático:de 10 a 24 AWG;con cortacables',
        5,
        40,
      ),
      s(
        'MED',
        'Medición y nivelación',
        'Cinta métrica:5 m x 19 mm;8 m x 25 mm con freno|Nivel de burbuja:60 cm;100 cm magnético|Medidor láser:40 m;60 m con Bluetooth|Nivel láser de líneas cruzadas:verde 20 m;rojo 15 m con trípode',
        4,
        150,
      ),
    ],
  },
  {
    code: 'ILU',
    nombre: 'Iluminación',
    uso: 'iluminar hogares, comercios y espacios exteriores con bajo consumo',
    materiales: 'Aluminio;Policarbonato;Plástico ABS;Vidrio',
    colores: 'Blanco;Negro;Plata;Antracita',
    subs: [
      s(
        'BOM',
        'Bombillas LED',
        'Bombilla LED E27:9 W luz cálida 3000 K;12 W luz neutra 4000 K;15 W luz fría 6500 K|Bombilla LED GU10:5 W luz cálida 3000 K;7 W regulable|Bombilla LED E14:5 W vela;6 W esférica|Bombilla LED inteligente E27:9 W wifi RGB',
        1,
        15,
      ),
      s(
        'FOC',
        'Focos y proyectores',
        'Foco proyector LED:20 W IP65;30 W IP65;50 W IP65 con sensor|Foco proyector LED solar:10 W con panel;25 W con mando|Foco de trabajo LED:recargable 20 W;portátil 30 W con trípode',
        8,
        80,
      ),
      s(
        'TIR',
        'Tiras LED',
        'Tira LED:5 m blanco cálido;5 m RGB con mando;10 m RGB wifi|Tira LED 24 V:5 m 4000 K IP65;10 m 3000 K|Perfil de aluminio para tira LED:1 m con difusor;2 m empotrable',
        4,
        45,
      ),
      s(
        'APL',
        'Apliques y plafones',
        'Aplique LED de exterior:12 W antracita IP54;18 W con sensor de movimiento|Plafón LED:18 W redondo;24 W cuadrado;36 W regulable|Downlight LED empotrable:6 W;12 W;18 W',
        6,
        70,
      ),
    ],
  },
  {
    code: 'JAR',
    nombre: 'Jardín y riego',
    uso: 'el cuidado del jardín, el huerto y la terraza',
    materiales: 'Acero;Aluminio;Polipropileno;Resina',
    colores: 'Verde;Negro;Gris;Antracita;Blanco',
    subs: [
      s(
        'RIE',
        'Riego',
        'Manguera de riego:15 m con accesorios;25 m antitorsión;50 m reforzada|Programador de riego:1 salida;2 salidas con sensor de lluvia|Aspersor oscilante:16 boquillas;con base de metal|Pistola de riego:7 funciones;de metal regulable',
        5,
        60,
      ),
      s(
        'COR',
        'Cortacéspedes',
        'Cortacésped eléctrico:1.400 W 34 cm;1.800 W 42 cm|Cortacésped de gasolina:139 cc 46 cm;173 cc 51 cm autopropulsado|Cortacésped de batería:36 V 38 cm;40 V 46 cm con 2 baterías|Desbrozadora:de gasolina 43 cc;eléctrica 1.000 W',
        60,
        420,
      ),
      s(
        'HJA',
        'Herramientas de jardín',
        'Tijera de podar:bypass 20 mm;de yunque 25 mm|Cortasetos eléctrico:500 W 55 cm;18 V sin batería|Rastrillo:de 14 púas;para hojas de 22 púas|Pala de jardín:con mango de madera;de punta con mango de fibra',
        5,
        120,
      ),
      s(
        'MOB',
        'Mobiliario de jardín',
        'Silla de jardín:de resina apilable;plegable de aluminio|Mesa de jardín:de resina 90 cm;extensible de aluminio 180 cm|Tumbona:reclinable de aluminio;de resina con ruedas|Sombrilla:de 3 m con mástil central;excéntrica de 3 x 3 m',
        15,
        260,
      ),
    ],
  },
  {
    code: 'FON',
    nombre: 'Fontanería',
    uso: 'instalaciones de agua en baños, cocinas y exteriores',
    materiales: 'Latón;Acero inoxidable;PVC;Cerámica',
    colores: 'Cromado;Blanco;Negro mate;Plata',
    subs: [
      s(
        'GRI',
        'Grifería',
        'Grifo monomando de lavabo:cromado;negro mate|Grifo de cocina:con caño extraíble;de caño alto giratorio|Columna de ducha:termostática;con rociador de 25 cm|Grifo de jardín:de latón 1/2";con enlace rápido',
        15,
        190,
      ),
      s(
        'TUB',
        'Tuberías y racores',
        'Tubo multicapa:16 mm rollo 25 m;20 mm rollo 50 m|Tubo de PVC:40 mm 1 m;110 mm 3 m|Codo de latón:1/2" 90 grados;3/4" 90 grados|Llave de paso:1/2" de esfera;3/4" de escuadra',
        1,
        110,
      ),
      s(
        'SAN',
        'Sanitarios',
        'Inodoro compacto:salida dual;con tapa amortiguada|Lavabo sobre encimera:redondo de cerámica;rectangular de 60 cm|Plato de ducha:de resina 80 x 120 cm;extraplano 70 x 100 cm|Tapa de WC:universal;amortiguada de duroplast',
        18,
        320,
      ),
      s(
        'BAG',
        'Bombas de agua',
        'Bomba sumergible:para aguas limpias 400 W;para aguas sucias 750 W|Grupo de presión:800 W con calderín de 24 l;1.100 W|Bomba de superficie:autoaspirante 600 W;periférica 370 W',
        40,
        300,
      ),
    ],
  },
  {
    code: 'ELE',
    nombre: 'Material eléctrico',
    uso: 'instalaciones eléctricas domésticas y profesionales',
    materiales: 'Cobre;PVC;Policarbonato;Plástico ABS',
    colores: 'Blanco;Negro;Gris;Antracita',
    subs: [
      s(
        'CAB',
        'Cables y mangueras',
        'Cable flexible H07V-K:1,5 mm² rollo 100 m;2,5 mm² rollo 100 m;6 mm² rollo 50 m|Manguera eléctrica RV-K:3 x 1,5 mm² rollo 25 m;3 x 2,5 mm² rollo 50 m|Cable de red UTP:categoría 6 rollo 100 m;categoría 6A rollo 305 m',
        12,
        180,
      ),
      s(
        'ENC',
        'Enchufes e interruptores',
        'Base de enchufe schuko:blanca;antracita con tapa|Interruptor conmutador:blanco;de superficie IP55|Enchufe inteligente wifi:con medidor de consumo;pack de 2|Temporizador digital:programable semanal;mecánico 24 h',
        3,
        35,
      ),
      s(
        'REG',
        'Regletas y alargadores',
        'Regleta de enchufes:4 tomas con interruptor;6 tomas con protección;3 tomas y 2 USB|Alargador eléctrico:3 m;5 m;10 m exterior IP44|Enrollacables:25 m 4 tomas;50 m profesional',
        5,
        75,
      ),
      s(
        'PRT',
        'Protección eléctrica',
        'Interruptor diferencial:2P 40 A 30 mA;4P 40 A 30 mA|Interruptor magnetotérmico:1P+N 16 A;1P+N 20 A;2P 25 A|Caja de distribución:12 módulos empotrable;24 módulos de superficie',
        6,
        90,
      ),
    ],
  },
  {
    code: 'FER',
    nombre: 'Ferretería',
    uso: 'el montaje, la fijación y la seguridad de puertas y muebles',
    materiales: 'Acero;Acero inoxidable;Latón;Nylon;Zamak',
    colores: 'Plata;Negro;Dorado;Gris',
    subs: [
      s(
        'TOR',
        'Tornillería y fijación',
        'Caja de tornillos para madera:4 x 40 mm 200 uds.;5 x 60 mm 100 uds.|Tacos de nylon:6 mm 100 uds.;8 mm 50 uds. con tornillo|Surtido de tornillería:600 piezas en maletín;1.000 piezas|Varilla roscada:M8 1 m;M10 1 m cincada',
        2,
        40,
      ),
      s(
        'CER',
        'Cerraduras y candados',
        'Candado de latón:40 mm;50 mm arco largo|Cerradura de seguridad:de embutir;de sobreponer 3 puntos|Bombín de seguridad:30 x 30 mm antibumping;40 x 40 mm con 5 llaves|Caja fuerte:de empotrar electrónica;de sobreponer 20 l',
        6,
        220,
      ),
      s(
        'BIS',
        'Bisagras y herrajes',
        'Bisagra de cazoleta:35 mm pack de 2;con cierre suave pack de 2|Bisagra de libro:80 mm latonada;100 mm acero inoxidable|Tirador para mueble:128 mm negro mate;160 mm acero inoxidable|Escuadra de refuerzo:40 mm 4 uds.;80 mm 2 uds.',
        1,
        25,
      ),
      s(
        'ADH',
        'Adhesivos y selladores',
        'Silicona neutra:transparente 280 ml;blanca 280 ml|Adhesivo de montaje:extrafuerte 310 g;transparente 290 g|Espuma de poliuretano:750 ml con cánula;de pistola 750 ml|Cinta americana:50 mm x 25 m gris;48 mm x 50 m negra',
        2,
        18,
      ),
    ],
  },
  {
    code: 'PIN',
    nombre: 'Pintura',
    uso: 'pintar y proteger paredes, fachadas, madera y metal',
    materiales: 'Resina acrílica;Poliéster;Acero inoxidable;Madera',
    colores: 'Blanco;Gris;Azul;Amarillo',
    subs: [
      s(
        'PPL',
        'Pinturas plásticas',
        'Pintura plástica interior:blanca mate 15 l;blanca mate 4 l;lavable satinada 4 l|Pintura de fachadas:blanca 15 l;impermeabilizante 4 l|Pintura antihumedad:blanca 4 l;blanca 750 ml',
        8,
        90,
      ),
      s(
        'ESM',
        'Esmaltes y barnices',
        'Esmalte sintético:blanco brillo 750 ml;negro satinado 750 ml|Barniz para madera:incoloro mate 750 ml;nogal satinado 2,5 l|Esmalte antioxidante:forja negra 750 ml;verde carruajes 4 l|Lasur protector:roble 750 ml;teca 4 l',
        6,
        70,
      ),
      s(
        'BRO',
        'Brochas y rodillos',
        'Rodillo de pintura:22 cm antigota;18 cm de microfibra|Juego de brochas:5 piezas;profesional 3 piezas|Paletina:50 mm;70 mm de cerda natural|Kit de pintura:rodillo y cubeta;con alargador telescópico',
        2,
        30,
      ),
      s(
        'APN',
        'Accesorios de pintura',
        'Cinta de carrocero:36 mm x 45 m;48 mm x 50 m|Plástico protector:4 x 5 m;cubretodo 20 m²|Espátula:de acero inoxidable 60 mm;de pintor 100 mm|Pistola de pintura eléctrica:500 W;650 W con 2 depósitos',
        1,
        90,
      ),
    ],
  },
  {
    code: 'CLI',
    nombre: 'Climatización',
    uso: 'mantener una temperatura agradable en casa y en la oficina',
    materiales: 'Plástico ABS;Acero;Aluminio',
    colores: 'Blanco;Negro;Gris;Plata',
    subs: [
      s(
        'VEN',
        'Ventiladores',
        'Ventilador de pie:40 cm 50 W;con mando a distancia|Ventilador de techo:con luz LED 132 cm;DC silencioso 106 cm|Ventilador de sobremesa:30 cm;USB 15 cm|Ventilador de torre:con temporizador;wifi 90 cm',
        12,
        220,
      ),
      s(
        'CAL',
        'Calefactores',
        'Calefactor cerámico:1.500 W;2.000 W de pared|Radiador de aceite:7 elementos 1.500 W;11 elementos 2.500 W|Emisor térmico:1.000 W wifi;1.500 W programable|Estufa de gas butano:4.200 W;infrarrojos 3.000 W',
        20,
        260,
      ),
      s(
        'AAC',
        'Aire acondicionado',
        'Aire acondicionado portátil:9.000 BTU;12.000 BTU con bomba de calor|Deshumidificador:12 l/día;20 l/día con wifi|Climatizador evaporativo:60 W 7 l;80 W 12 l',
        60,
        420,
      ),
    ],
  },
  {
    code: 'EPI',
    nombre: 'Seguridad laboral',
    uso: 'proteger al profesional en obra, taller y almacén',
    materiales: 'Nitrilo;Poliéster;Piel;Policarbonato',
    colores: 'Negro;Gris;Amarillo;Naranja;Azul marino',
    subs: [
      s(
        'GUA',
        'Guantes de protección',
        'Guantes de nitrilo:talla 9 pack de 12;talla 10 pack de 12|Guantes anticorte:nivel 5 talla 9;nivel F talla 10|Guantes de piel:para jardín talla 8;de soldador talla 10',
        1,
        15,
      ),
      s(
        'CZS',
        'Calzado de seguridad',
        'Bota de seguridad S3:talla 42;talla 43;talla 44|Zapato de seguridad S1P:talla 41;talla 42;deportivo talla 43|Bota de agua:de PVC talla 42;de seguridad S5 talla 43',
        18,
        90,
      ),
      s(
        'POA',
        'Protección ocular y auditiva',
        'Gafas de seguridad:transparentes;antivaho ahumadas|Orejeras de protección:SNR 28 dB;plegables SNR 32 dB|Tapones auditivos:pack de 50 pares;reutilizables con cordón|Pantalla de soldadura:automática;de cabeza',
        1,
        60,
      ),
      s(
        'ROP',
        'Ropa de trabajo',
        'Pantalón de trabajo:multibolsillos talla 42;multibolsillos talla 46|Chaleco reflectante:amarillo;naranja|Chaqueta de trabajo:softshell;acolchada impermeable|Mono de trabajo:azul marino;desechable tipo 5/6',
        3,
        70,
      ),
    ],
  },
];

/** Parses a `titles` spec into its nouns and their qualifiers. */
export const parseTitles = (spec: string): { noun: string; qualifiers: string[] }[] =>
  spec.split('|').map((part) => {
    const [noun, qualifiers] = part.split(':');
    return { noun, qualifiers: qualifiers.split(';') };
  });

export interface CompanyDef {
  nombre: string;
  codigo: string;
  /** SKU prefix ('SI' → 'SI-TAL-00017'). */
  prefix: string;
  /** The top-level categories of its tree, by code. */
  tops: readonly string[];
  productCount: number;
  /** Brands: `Nombre|CODE|TOP TOP`. */
  brands: readonly string[];
  /** GLN of the company (12-digit body; the check digit is computed). */
  glnBody: string;
  /** EAN company prefix (7 digits). */
  eanPrefix: string;
}

export const COMPANIES: readonly CompanyDef[] = [
  {
    nombre: 'Suministros Ibéricos S.L.',
    codigo: 'SUMIB',
    prefix: 'SI',
    tops: ['HEL', 'HMA', 'ILU', 'JAR', 'FON', 'ELE', 'FER', 'PIN'],
    productCount: 336,
    brands: [
      'Voltanox|VOLT|HEL ELE',
      'Ferrumax|FERR|HMA FER',
      'Hortalia|HORT|JAR',
      'Lumintra|LUMI|ILU',
      'Taurix Pro|TAUR|HEL HMA',
      'Aquaflux|AQUA|FON JAR',
      'Brikolia|BRIK|FER PIN HMA',
      'Pintacor|PINT|PIN',
      'Electrasur|ELSU|ELE ILU',
      'Verdalia|VERD|JAR',
      'Kalmet|KALM|FER FON',
      'Perforex|PERF|HEL',
    ],
    glnBody: '843700000001',
    eanPrefix: '8437001',
  },
  {
    nombre: 'Ferretería Atlántica S.A.',
    codigo: 'FERAT',
    prefix: 'FA',
    tops: ['HEL', 'HMA', 'ILU', 'FON', 'ELE', 'FER', 'CLI', 'EPI'],
    productCount: 48,
    brands: [
      'Atlántica Tools|ATLT|HEL HMA FER',
      'Brumar|BRUM|FON',
      'Luzeira|LUZE|ILU ELE',
      'Mareira|MARE|CLI',
      'Faro Seguridad|FARO|EPI',
      'Rías Pro|RIAS|FER HMA',
    ],
    glnBody: '560900000002',
    eanPrefix: '5609002',
  },
];

/** Families: `Nombre|CODE|PARENT CODE (optional)`. */
export const FAMILIES: readonly string[] = [
  'Profesional|PRO|',
  'Bricolaje|BRI|',
  'Exterior|EXT|',
  'Novedades 2026|NOV|',
  'Ofertas|OFE|',
  'Gama ecológica|ECO|',
  'Gama batería 18 V|B18|PRO',
  'Gama básica|BAS|BRI',
  'Temporada primavera-verano|PRV|EXT',
  'Exclusivo distribuidor|EXC|PRO',
];

export const SITUACIONES: readonly string[] = [
  'Activo',
  'Descatalogado',
  'Bajo pedido',
  'Próximamente',
  'Liquidación',
];

/** Icons: `Nombre|value,value,…`. */
export const ICONOS: readonly string[] = [
  'Garantía|2 años,3 años,5 años',
  'Grado de protección|IP20,IP44,IP54,IP65,IP67',
  'Uso|Interior,Exterior,Interior y exterior',
  'Alimentación|Batería,Red eléctrica,Gasolina,Solar,Manual',
  'Certificación|CE,RoHS,TÜV,AENOR',
  'Clase energética|A,B,C,D,E,F',
  'Producto reciclable|Sí,No',
];

/** Multimedia types: `clave|tipo|categoria|defecto S/N|tipoAecoc`. */
export const MULTIMEDIA_TYPES: readonly string[] = [
  'imagen_principal|Imagen|Producto|S|PRODUCT_IMAGE',
  'ficha_tecnica|Documento|Técnica|S|PRODUCT_TECHNICAL_SHEET',
  'imagen_ambiente|Imagen|Ambiente|N|LIFESTYLE_IMAGE',
  'manual_instrucciones|Documento|Manual|N|INSTRUCTIONS_FOR_USE',
  'video_demostracion|Video|Marketing|N|VIDEO',
  'imagen_detalle|Imagen|Detalle|N|DETAIL_IMAGE',
  'imagen_embalaje|Imagen|Embalaje|N|PACKAGING_IMAGE',
  'declaracion_ce|Documento|Normativa|N|DECLARATION_OF_CONFORMITY',
  'ficha_seguridad|Documento|Normativa|N|SAFETY_DATA_SHEET',
];

/** Attribute groups: `Nombre|CODE`. */
export const ATTRIBUTE_GROUPS: readonly string[] = [
  'Dimensiones|DIM',
  'Eléctrico|ELE',
  'Material|MAT',
  'Embalaje|EMB',
  'Normativa|NOR',
  'Prestaciones|PRE',
];

export interface AttributeDef {
  nombre: string;
  unidad: string;
  group: string;
  /** Top codes ('HEL'), sub codes ('HEL-TAL') or '*' for every category. */
  applies: readonly string[];
  /** `a;b;c` for a list, or `#min-max` for an integer range. */
  values: string;
  valorDefecto?: string;
  /** Read the value from the product title when it shows it (e.g. '750 W'). */
  fromTitle?: RegExp;
}

const unitRx = (unit: string): RegExp =>
  new RegExp(`(\\d+(?:\\.\\d{3})*(?:,\\d+)?) ?${unit.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(?=[\\s;,)]|$)`);

const a = (
  nombre: string,
  unidad: string,
  group: string,
  applies: string,
  values: string,
  extra: Partial<Pick<AttributeDef, 'valorDefecto' | 'fromTitle'>> = {},
): AttributeDef => ({ nombre, unidad, group, applies: applies.split(' '), values, ...extra });

const POWERED = 'HEL-TAL HEL-AMO HEL-SIE HEL-LIJ JAR-COR';

/** Largo, Ancho, Alto, the weights and Material principal are derived per product (catalogue.ts); their lists are fallbacks. */
export const ATTRIBUTES: readonly AttributeDef[] = [
  a('Largo', 'cm', 'DIM', '*', '#5-120'),
  a('Ancho', 'cm', 'DIM', '*', '#3-80'),
  a('Alto', 'cm', 'DIM', '*', '#2-90'),
  a('Peso neto', 'kg', 'DIM', '*', '0,2;0,5;0,8;1,2;1,8;2,5;3,4;5,6;8,9;12,5'),
  a('Potencia', 'W', 'ELE', `${POWERED} ILU FON-BAG CLI`, '500;750;900;1.200;1.500;2.000', {
    fromTitle: unitRx('W'),
  }),
  a('Tensión', 'V', 'ELE', `HEL ILU-TIR CLI`, '12;18;20;36;230', {
    fromTitle: unitRx('V'),
    valorDefecto: '230',
  }),
  a(
    'Tipo de batería',
    '',
    'ELE',
    `${POWERED} HEL-REC`,
    'Ion-litio;Sin batería;Ion-litio 2 Ah;Ion-litio 4 Ah',
  ),
  a('Flujo luminoso', 'lm', 'ELE', 'ILU', '470;806;1.055;1.521;2.000;3.200;4.500'),
  a('Temperatura de color', 'K', 'ELE', 'ILU', '2700;3000;4000;6500', { fromTitle: unitRx('K') }),
  a('Casquillo', '', 'ELE', 'ILU-BOM', 'E27;E14;GU10', { fromTitle: /\b(E27|E14|GU10)\b/ }),
  a('Sección del cable', 'mm²', 'ELE', 'ELE-CAB', '1,5;2,5;4;6', { fromTitle: unitRx('mm²') }),
  a('Intensidad nominal', 'A', 'ELE', 'ELE-PRT ELE-ENC ELE-REG', '10;16;20;25;40', {
    fromTitle: unitRx('A'),
  }),
  a(
    'Material principal',
    '',
    'MAT',
    '*',
    'Acero;Aluminio;Plástico ABS;Polipropileno;Latón;Acero inoxidable;Madera;Fibra de vidrio;Nylon',
  ),
  a(
    'Acabado',
    '',
    'MAT',
    'HMA FER FON-GRI ILU-APL',
    'Cromado;Negro mate;Galvanizado;Niquelado;Pintado epoxi;Latonado',
  ),
  a(
    'Material del mango',
    '',
    'MAT',
    'HMA JAR-HJA PIN-BRO',
    'Fibra de vidrio;Madera de haya;Bimaterial;Polipropileno',
  ),
  a('Unidades por caja', 'uds.', 'EMB', '*', '1;2;4;6;10;12;20', { valorDefecto: '1' }),
  a('Tipo de embalaje', '', 'EMB', '*', 'Caja de cartón;Blíster;Maletín;Bolsa;Estuche;Granel'),
  a('Peso bruto', 'kg', 'EMB', 'HEL JAR-COR JAR-MOB FON-SAN CLI', '1,4;2,1;3,3;4,8;7,5;11,2;18,6'),
  a(
    'Grado de protección IP',
    '',
    'NOR',
    'ILU ELE JAR-COR JAR-RIE CLI HEL-TAL HEL-AMO',
    'IP20;IP44;IP54;IP65;IP67',
    { fromTitle: /\b(IP\d{2})\b/ },
  ),
  a('Marcado CE', '', 'NOR', '*', 'Sí', { valorDefecto: 'Sí' }),
  a('Clase energética', '', 'NOR', 'ILU CLI', 'A;B;C;D;E;F'),
  a('Nivel de potencia acústica', 'dB', 'NOR', `${POWERED} CLI FON-BAG`, '#72-104'),
  a('Norma EN', '', 'NOR', 'EPI', 'EN 388;EN ISO 374;EN ISO 20345;EN 166;EN 352;EN ISO 20471'),
  a('Caudal máximo', 'l/min', 'PRE', 'FON-BAG FON-GRI JAR-RIE', '#6-120'),
  a('Rendimiento', 'm²/l', 'PRE', 'PIN-PPL PIN-ESM', '6;8;10;12;14'),
  a('Longitud', 'm', 'PRE', 'ELE-CAB ELE-REG JAR-RIE ILU-TIR', '3;5;10;15;25;50;100', {
    fromTitle: unitRx('m'),
  }),
  a('Diámetro', 'mm', 'PRE', 'HEL-AMO HEL-SIE FON-TUB FER-TOR', '6;8;16;20;40;115;125;190;230', {
    fromTitle: unitRx('mm'),
  }),
  a('Talla', '', 'PRE', 'EPI-GUA EPI-CZS EPI-ROP', '8;9;10;41;42;43;44;M;L;XL', { fromTitle: /talla (\S+)/ }),
  a('Garantía', 'años', 'PRE', 'HEL JAR-COR CLI FON-BAG', '2;3;5', { valorDefecto: '3' }),
];

export const FORMATOS_RP: readonly string[] = ['Caja', 'Blíster', 'Estuche', 'Bolsa', 'Granel', 'Expositor'];

export const CONTENEDORES: readonly string[] = ['20 pies', '40 pies', '40 pies HC', 'Grupaje'];

export const ORIGENES: readonly string[] = [
  'España',
  'Portugal',
  'Alemania',
  'Italia',
  'China',
  'Taiwán',
  'Vietnam',
];

export const SYNC_ERRORS: readonly string[] = [
  'BC respondió 400: el valor del campo Item Category Code no existe en la tabla relacionada.',
  'Tiempo de espera agotado al conectar con Business Central (30000 ms).',
  'BC respondió 409: el artículo ya existe con otra marca.',
  'El producto no tiene un EAN asignado.',
  'Volumen del producto menor que 0: no se sincroniza con BC.',
];

/** People of the demo (users beyond admin and editor). */
export const EXTRA_USERS: readonly {
  nombre: string;
  codigo: string;
  mail: string;
  empresaId: number;
  rol: string;
}[] = [
  {
    nombre: 'Javier Morales Rey',
    codigo: 'JMORALES',
    mail: 'javier.morales@demo.pim',
    empresaId: 1,
    rol: 'editor',
  },
  {
    nombre: 'Marta Iglesias Vidal',
    codigo: 'MIGLESIAS',
    mail: 'marta.iglesias@demo.pim',
    empresaId: 2,
    rol: 'admin',
  },
  {
    nombre: 'Pablo Castro Núñez',
    codigo: 'PCASTRO',
    mail: 'pablo.castro@demo.pim',
    empresaId: 2,
    rol: 'editor',
  },
];
