/**
 * Media records of a product (docs/requirements.md#r5-validation "Media"): which record an uploaded file belongs to, and the record a
 * new file creates. Pure.
 */
import { mediaMatchName, mediaTypeForFile } from '../media';
import { MAIN_IMAGE_NAME, baseNameOf, extensionOf, mainImagePath, type UploadAnswer } from './contract';

export interface MediaRecord {
  id?: number | string;
  productoId?: number | string;
  nombre?: string | null;
  tipo?: string | null;
  formato?: string | null;
  principalSN?: string | null;
  publicoSN?: string | null;
  fichero?: string | null;
  [key: string]: unknown;
}

/** The comparison key of a media name: underscores become spaces (docs/requirements.md#r5-validation), case and outer spaces ignored. */
export const mediaKey = (name: string | null | undefined): string =>
  mediaMatchName(name ?? '')
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase();

/** The existing record an uploaded file replaces: the one named like the file (without its extension). */
export const findMatchingMedia = <R extends MediaRecord>(
  records: readonly R[],
  fileName: string,
): R | undefined => {
  const key = mediaKey(baseNameOf(fileName));
  return key ? records.find((record) => mediaKey(record.nombre) === key) : undefined;
};

/** Only pictures can be the principal media (the product's `imagen` is its 800x600 PNG). */
export const PRINCIPAL_ONLY_IMAGES = 'Solo una imagen (png, jpg o jpeg) puede ser la principal.';

/** Whether a record may be principal: an Imagen (a record without tipo gets the default, Imagen). */
export const canBePrincipal = (record: Pick<MediaRecord, 'tipo'>): boolean =>
  record.tipo === undefined || record.tipo === null || record.tipo === 'Imagen';

/** Why a record as it will be stored breaks the rule (principal but not an image), or undefined. */
export const principalProblem = (record: Pick<MediaRecord, 'tipo' | 'principalSN'>): string | undefined =>
  record.principalSN === 'S' && !canBePrincipal(record) ? PRINCIPAL_ONLY_IMAGES : undefined;

/** Whether a record is the product's main picture (principal image, or the record named imagen_principal). */
export const isMainImage = (record: MediaRecord): boolean =>
  record.tipo === 'Imagen' &&
  (record.principalSN === 'S' || mediaKey(record.nombre) === mediaKey(MAIN_IMAGE_NAME));

/** The 800x600 rendition path of a record's file ('' when it has none). */
export const renditionOf = (productName: string, record: MediaRecord): string => {
  const file = (record.fichero ?? '').split('/').pop() ?? '';
  if (!file) return '';
  if (/^800x600_.+\.png$/i.test(file)) return record.fichero ?? '';
  return mainImagePath(productName, baseNameOf(file));
};

export interface UploadEffect {
  /** Update of the matched record, or the new record to create. */
  update?: { id: number | string; data: MediaRecord; previous: MediaRecord };
  create?: MediaRecord;
  /** The product's new `imagen` when the file is (now) its main picture. */
  imagen?: string;
}

/**
 * What an uploaded file changes.
 * - As the main image (`asMain`): the product's main image record (principal image, or the record named
 *   imagen_principal; created when missing) points at the 800x600 PNG, which becomes the product's `imagen`.
 * - Otherwise: the record named like the file (underscores as spaces) gets the new file; with no such record
 *   one is created (principal, and the product's picture, when the product has no principal image yet).
 */
export const uploadEffect = (
  productoId: number | string,
  records: readonly MediaRecord[],
  fileName: string,
  answer: UploadAnswer,
  asMain = false,
): UploadEffect => {
  const tipo = mediaTypeForFile(fileName);
  const formato = extensionOf(fileName);
  if (asMain && tipo === 'Imagen' && answer.principal) {
    const main =
      records.find((record) => record.tipo === 'Imagen' && record.principalSN === 'S') ??
      records.find((record) => mediaKey(record.nombre) === mediaKey(MAIN_IMAGE_NAME));
    const data: MediaRecord = { fichero: answer.principal, formato: 'png', tipo: 'Imagen', principalSN: 'S' };
    if (main && main.id !== undefined) {
      return { update: { id: main.id, data, previous: main }, imagen: answer.principal };
    }
    return {
      create: { productoId, nombre: MAIN_IMAGE_NAME, publicoSN: 'S', ...data },
      imagen: answer.principal,
    };
  }
  const match = findMatchingMedia(records, fileName);
  if (match && match.id !== undefined) {
    const main = tipo === 'Imagen' && isMainImage({ ...match, tipo: 'Imagen' }) && Boolean(answer.principal);
    const data: MediaRecord = main
      ? { fichero: answer.principal, formato: 'png', tipo }
      : { fichero: answer.fichero, formato, tipo };
    // A document replacing a principal picture cannot stay principal.
    if (tipo !== 'Imagen' && match.principalSN === 'S') data.principalSN = 'N';
    return {
      update: { id: match.id, data, previous: match },
      imagen: main ? answer.principal : undefined,
    };
  }
  const first =
    tipo === 'Imagen' && !records.some((record) => record.tipo === 'Imagen' && record.principalSN === 'S');
  return {
    create: {
      productoId,
      nombre: baseNameOf(fileName),
      tipo,
      formato,
      principalSN: first ? 'S' : 'N',
      publicoSN: 'S',
      fichero: answer.fichero,
    },
    imagen: first ? answer.principal : undefined,
  };
};
