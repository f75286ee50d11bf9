/**
 * History of the reference data products depend on (categories, families, brands, attributes): the contract of
 * its endpoint, shared by the API and the app. Each change of such a record is a version like a product's —
 * who, when, from where, each field old → new (`cambios`, src/core/history/versions.ts) — stored in the write's
 * own transaction. Pure.
 */
import type { Cambio, Origen } from './versions';

/** The resources (API paths) whose records keep a history, and the Spanish name of one record. */
export const REFERENCE_HISTORY_RESOURCES: Readonly<Record<string, string>> = {
  categorias: 'categoría',
  familias: 'familia',
  Marca: 'marca',
  atributos: 'atributo',
};

export const hasReferenceHistory = (resource: string): boolean =>
  Object.prototype.hasOwnProperty.call(REFERENCE_HISTORY_RESOURCES, resource);

/** GET: the versions of one record, newest first. */
export const REFERENCE_VERSIONS_PATH = (resource: string, id: number | string): string =>
  `/${resource}/${id}/versiones`;

export interface ReferenceVersion {
  id: number;
  /** The resource (API path) of the record. */
  recurso: string;
  registroId: number;
  fecha: string;
  usuario: string;
  origen: Origen;
  /** Each field old → new; a created record has `anterior` null, a deleted one `nuevo` null. */
  cambios: Cambio[];
}
