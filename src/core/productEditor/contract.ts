/**
 * The product API beyond CRUD (docs/requirements.md#r7-api "Products", "Product attributes, icons and media", "Files",
 * "Synchronisation", "B2B products"), shared by the app and the reference API. Pure TypeScript: no React, no
 * DOM, no Node.
 *
 *   GET    /productos/getNextId                         → {nextId}
 *   GET    /productos/replica/{id}                      → the new Producto (product + general + attributes +
 *                                                         media + icons + catalogue data, under a new name)
 *   POST   /images-upload/{empresaId}/{nombre}/{file}   multipart `file` (png/jpg/jpeg) → UploadAnswer (also
 *                                                         renders multimedia/{nombre}/800x600_{base}.png)
 *   POST   /files-upload/{empresaId}/{nombre}/{file}    multipart `file` (documents, video) → UploadAnswer
 *   GET    /procesar-imagenes?productos=A,B             → ProcessImagesAnswer (renders the main images again)
 *   GET    /sincronizaProductosManual?idProducto=       → ManualSyncAnswer (`respuesta` 'volumen NO' when the
 *                                                         product has no volume: nothing is sent to BC)
 *   GET    /producto-atributos/por-producto/{id}        → ProductoAtributo[] (ordenEnGrupo ASC)
 *   GET    /producto-atributos/por-atributo/{id}        → ProductoAtributo[]
 *   GET    /producto-multimedia/por-producto/{id}       → ProductoMultimedia[]
 *   DELETE /ProductoIconosDeleteByIdProducto/{idProducto} → 204 (generated composite route)
 *   GET    /B2bProductos/obtenerProductosFiltrados?filtro1&filtro2&filtro3&multiempresas&cliente → B2bRow[]
 *   GET    /B2bProductos/{nombre}                        → B2bDetail
 * (The attribute-by-category check and removal are src/custom/referenceData's.)
 *
 * Uploaded files are served back under /multimedia/{nombre}/{file}, the same path the records store.
 */
import type { MediaType } from '../media';

const segment = (value: string | number): string => encodeURIComponent(String(value));

export const NEXT_ID_PATH = '/productos/getNextId';
export const replicaPath = (id: string | number): string => `/productos/replica/${segment(id)}`;
export const MANUAL_SYNC_PATH = '/sincronizaProductosManual';
export const PROCESS_IMAGES_PATH = '/procesar-imagenes';
export const iconsResetPath = (idProducto: string | number): string =>
  `/ProductoIconosDeleteByIdProducto/${segment(idProducto)}`;
export const attributesByProductPath = (id: string | number): string =>
  `/producto-atributos/por-producto/${segment(id)}`;
export const attributesByAttributePath = (id: string | number): string =>
  `/producto-atributos/por-atributo/${segment(id)}`;
export const mediaByProductPath = (id: string | number): string =>
  `/producto-multimedia/por-producto/${segment(id)}`;
export const B2B_FILTERED_PATH = '/B2bProductos/obtenerProductosFiltrados';
/** The header of obtenerProductosFiltrados with the number of matching rows (the answer is one page of them). */
export const B2B_TOTAL_HEADER = 'X-Total-Count';
export const b2bProductPath = (nombre: string): string => `/B2bProductos/${segment(nombre)}`;

export type UploadKind = 'images' | 'files';

export const uploadPath = (
  kind: UploadKind,
  empresaId: string | number,
  nombre: string,
  fileName: string,
): string => `/${kind}-upload/${segment(empresaId)}/${segment(nombre)}/${segment(fileName)}`;

/** The multipart field carrying the file (docs/requirements.md#r7-api "Files"). */
export const UPLOAD_FIELD = 'file';
/** Largest accepted upload. */
export const MAX_UPLOAD_MB = 20;
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * 1024 * 1024;

/** Extensions uploaded as images (docs/requirements.md#r5-validation: Imagen for png, jpg, jpeg). */
export const IMAGE_EXTENSIONS: readonly string[] = ['png', 'jpg', 'jpeg'];
/** Extensions uploaded as files (Documento; the record may be retyped Video). No html/svg: they would run scripts. */
export const FILE_EXTENSIONS: readonly string[] = [
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'odt',
  'ods',
  'csv',
  'txt',
  'zip',
  'mp4',
  'webm',
  'mov',
];

/** The main image (docs/requirements.md#r3-entities, #r9-constants): a record named imagen_principal whose file is an 800x600 PNG. */
export const MAIN_IMAGE_NAME = 'imagen_principal';
export const MAIN_IMAGE_WIDTH = 800;
export const MAIN_IMAGE_HEIGHT = 600;
/** Folder of a product's files, relative to the served root. */
export const mediaFolder = (nombre: string): string => `multimedia/${nombre}`;
/** 'multimedia/{name}/800x600_{file}.png' (docs/requirements.md#r3-entities Producto.imagen); {file} defaults to the product name. */
export const mainImagePath = (nombre: string, file: string = nombre): string =>
  `${mediaFolder(nombre)}/${MAIN_IMAGE_WIDTH}x${MAIN_IMAGE_HEIGHT}_${file}.png`;

/** The lower-case extension of a file name ('' when none). */
export const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

/** A file name without its extension. */
export const baseNameOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
};

/**
 * The name a file is stored under: no folders, spaces as underscores (the media rule turns them back into
 * spaces when matching records), only letters, digits, '.', '_' and '-'. '' when nothing usable is left.
 */
export const safeFileName = (name: string): string => {
  const last = name.split(/[\\/]/).pop() ?? '';
  const cleaned = last
    .normalize('NFC')
    .trim()
    .replace(/\s+/g, '_')
    .replace(/[^\p{L}\p{N}._-]/gu, '')
    .replace(/^[.]+/, '');
  const extension = extensionOf(cleaned);
  const base = baseNameOf(cleaned).slice(0, 120);
  return extension ? `${base}.${extension}` : base;
};

/** Product names that can be a folder name (no separators, not '.' or '..'). */
export const isSafeFolderName = (nombre: string): boolean =>
  nombre.trim() !== '' && !/[\\/\0]/.test(nombre) && nombre !== '.' && nombre !== '..';

/** Where a file goes: images to /images-upload, anything else to /files-upload. */
export const uploadKindFor = (fileName: string): UploadKind =>
  IMAGE_EXTENSIONS.includes(extensionOf(fileName)) ? 'images' : 'files';

export const uploadTooLargeMessage = (name: string): string =>
  `El fichero «${name}» supera el tamaño máximo de ${MAX_UPLOAD_MB} MB.`;

export const uploadWrongTypeMessage = (name: string): string => {
  const extension = extensionOf(name);
  const allowed = [...IMAGE_EXTENSIONS, ...FILE_EXTENSIONS].join(', ');
  return extension
    ? `El tipo de fichero «.${extension}» de «${name}» no está permitido. Tipos admitidos: ${allowed}.`
    : `El fichero «${name}» no tiene extensión. Tipos admitidos: ${allowed}.`;
};

/** Why an upload is refused before sending it (and again by the server), or undefined when it is fine. */
export const uploadProblem = (
  file: { name: string; size: number },
  kind: UploadKind = uploadKindFor(file.name),
): string | undefined => {
  const extension = extensionOf(file.name);
  const allowed = kind === 'images' ? IMAGE_EXTENSIONS : FILE_EXTENSIONS;
  if (!allowed.includes(extension)) return uploadWrongTypeMessage(file.name);
  if (file.size > MAX_UPLOAD_BYTES) return uploadTooLargeMessage(file.name);
  if (!safeFileName(file.name) || !baseNameOf(safeFileName(file.name))) {
    return `El nombre del fichero «${file.name}» no es válido.`;
  }
  return undefined;
};

// ---- answers ----

export interface NextIdAnswer {
  nextId: number;
}

export interface UploadAnswer {
  /** Stored path, relative to the served root: 'multimedia/{nombre}/{file}'. */
  fichero: string;
  /** Images only: the 800x600 PNG rendition, 'multimedia/{nombre}/800x600_{base}.png'. */
  principal?: string;
  /** The stored file name. */
  nombre: string;
  formato: string;
  tipo: MediaType;
  /** Bytes. */
  tamano: number;
}

export interface ProcessImagesAnswer {
  procesados: string[];
  errores: { producto: string; motivo: string }[];
}

export const VOLUME_NO = 'volumen NO';

export type ManualSyncResult = 'OK' | typeof VOLUME_NO | 'OMITIDO';

export interface ManualSyncAnswer {
  respuesta: ManualSyncResult;
  mensaje: string;
  fechaSincronizacionConBC?: string | null;
  fechaEjecucionDeProcesoSincroBC?: string | null;
  motivoErrorSincroConBC?: string | null;
}

/** Whether a manual-sync answer is the volume refusal (a bare 'volumen NO' string or `{respuesta}`). */
export const isVolumeRefusal = (answer: unknown): boolean => {
  if (typeof answer === 'string') return answer.trim() === VOLUME_NO;
  if (typeof answer === 'object' && answer !== null && 'respuesta' in answer) {
    return (answer as { respuesta: unknown }).respuesta === VOLUME_NO;
  }
  return false;
};

/**
 * B2B listing query. filtro1: text in the SKU, title or brand; filtro2: category (name or code, in the
 * categories or the parent category); filtro3: brand. multiempresas 'S': every company the caller may see;
 * otherwise the company `cliente` (an empresa id), by default the caller's own.
 */
export interface B2bQuery {
  filtro1?: string;
  filtro2?: string;
  filtro3?: string;
  multiempresas?: 'S' | 'N';
  cliente?: number;
  /** A page: at most `limit` rows after the first `skip` (sorted by SKU). */
  limit?: number;
  skip?: number;
}

/** A page of B2B rows and the number of rows matching the query. */
export interface B2bPage {
  data: B2bRow[];
  total: number;
}

export interface B2bRow {
  id: number;
  empresaId: number;
  nombre: string;
  titulo?: string | null;
  marca?: string | null;
  categorias?: string | null;
  categoriaPadre?: string | null;
  imagen?: string | null;
}

export interface B2bDetail extends B2bRow {
  descripcion?: string | null;
  descripcionLarga?: string | null;
  ean?: string | null;
  atributos: { nombre: string; valor: string; unidad?: string | null }[];
  multimedia: {
    nombre: string;
    tipo?: string | null;
    fichero?: string | null;
    principalSN?: string | null;
  }[];
  iconos: { idIcono: number; nombre?: string | null; texto?: string | null }[];
}

/** `?a=1&b=x` from the set values of a query object ('' when none). */
export const queryString = (query: Record<string, string | number | undefined | null>): string => {
  const params = Object.entries(query)
    .filter(([, value]) => value !== undefined && value !== null && String(value).trim() !== '')
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value).trim())}`);
  return params.length ? `?${params.join('&')}` : '';
};
