/**
 * The import's custom data provider method for the LoopBack API: `findWhere(resource, where)` →
 * GET /{resource}?filter={"where":…} through the app's HTTP client (Bearer, single-flight refresh, Spanish
 * errors), AND-ed with the selected company for company-scoped resources. Part of the app's one data provider
 * (src/custom/dataProvider.ts).
 */
import type { HttpClient } from '../../dataProvider/http';
import { andWhere } from '../../dataProvider/where';
import { schemaFor } from '../../resources/registry';
import type { FindWhere } from './backend';
import { isRecord } from '../../core/guards';

export function findWhereMethod(
  apiUrl: string,
  httpClient: HttpClient,
  getEmpresaId: () => number,
): FindWhere['findWhere'] {
  const base = apiUrl.replace(/\/+$/, '');
  return async (resource, where, options = {}) => {
    const schema = schemaFor(resource);
    const scoped = schema?.companyField ? andWhere({ [schema.companyField]: getEmpresaId() }, where) : where;
    const filter = encodeURIComponent(JSON.stringify({ where: scoped }));
    const response = await httpClient(
      `${base}/${resource}?filter=${filter}`,
      options.signal ? { signal: options.signal } : {},
    );
    return Array.isArray(response.json) ? response.json.filter(isRecord) : [];
  };
}
