/**
 * The reference data history's part of the app's data provider: the versions of a category, family, brand or
 * attribute (GET /{resource}/{id}/versiones, newest first).
 */
import { REFERENCE_VERSIONS_PATH, type ReferenceVersion } from '../../core/history/referenceVersions';
import type { HttpClient } from '../../dataProvider/http';

export interface ReferenceHistoryMethods {
  referenceVersions(resource: string, id: number | string): Promise<ReferenceVersion[]>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const referenceHistoryMethods = (apiUrl: string, httpClient: HttpClient): ReferenceHistoryMethods => {
  const base = apiUrl.replace(/\/+$/, '');
  return {
    async referenceVersions(resource, id) {
      const path = REFERENCE_VERSIONS_PATH(encodeURIComponent(resource), encodeURIComponent(String(id)));
      const { json } = await httpClient(`${base}${path}`);
      return Array.isArray(json) ? (json.filter(isRecord) as unknown as ReferenceVersion[]) : [];
    },
  };
};
