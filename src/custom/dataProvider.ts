/**
 * The app's one data provider, built here and nowhere else: the LoopBack provider of the generic resources, its
 * lifecycle callbacks (react-admin's withLifecycleCallbacks: a catalogue's products go before the catalogue), and
 * the typed custom methods the bespoke pages call (reference data and its history, catalogue products, product editor, AI texts,
 * roles and permisos, integrations, the import's lookups, dry run and batch creation). Every part reads the selected company from the
 * one `getEmpresaId` given here.
 */
import { withLifecycleCallbacks, type DataProvider } from 'ra-core';
import type { HttpClient } from '../dataProvider/http';
import { loopbackDataProvider } from '../dataProvider/loopback';
import { referenceDataApi, type ReferenceDataApi } from '../dataProvider/referenceData';
import { aiTextsMethods, type AiTextsMethods } from './aiTexts/api';
import { catalogueProductsApi } from './catalogueProducts/api';
import {
  catalogueDeleteCallbacks,
  catalogueProductsMethods,
  withCatalogueProductLists,
  type CatalogueProductsMethods,
} from './catalogueProducts/dataProvider';
import { importExportMethods } from './importExport/api';
import type { CheckImport, CreateBatch, FindWhere } from './importExport/backend';
import { createIntegrationsApi, type IntegrationsApi } from './integrations/api';
import { accessMethods, type AccessMethods } from './permisos/api';
import { productApiExtension, type ProductApiExtension } from './productEditor/api';
import { referenceHistoryMethods, type ReferenceHistoryMethods } from './referenceHistory/api';

export interface DataProviderDeps {
  apiUrl: string;
  /** The app's HTTP client (Bearer, single-flight refresh, Spanish errors). */
  httpClient: HttpClient;
  /** The selected company: the one source of company scoping for every request below. */
  getEmpresaId: () => number;
  /** For downloads the JSON client cannot read (binary bodies). */
  getAccessToken: () => string | null;
}

/** Everything the app's data provider offers: react-admin's methods plus the typed custom ones. */
export type PimDataProvider = DataProvider &
  ReferenceDataApi &
  CatalogueProductsMethods &
  ProductApiExtension &
  ReferenceHistoryMethods &
  AiTextsMethods &
  AccessMethods &
  IntegrationsApi &
  FindWhere &
  CheckImport &
  CreateBatch;

export const createDataProvider = ({
  apiUrl,
  httpClient,
  getEmpresaId,
  getAccessToken,
}: DataProviderDeps): PimDataProvider => {
  const catalogueApi = catalogueProductsApi(apiUrl, httpClient);
  const resources = withLifecycleCallbacks(
    withCatalogueProductLists(loopbackDataProvider(apiUrl, httpClient, { getEmpresaId }), catalogueApi),
    [catalogueDeleteCallbacks(catalogueApi)],
  );
  return {
    ...resources,
    ...referenceDataApi(apiUrl, httpClient, { getEmpresaId }),
    ...catalogueProductsMethods(catalogueApi),
    ...productApiExtension(apiUrl, httpClient),
    ...referenceHistoryMethods(apiUrl, httpClient),
    ...aiTextsMethods(apiUrl, httpClient),
    ...accessMethods(apiUrl, httpClient),
    ...createIntegrationsApi({ apiUrl, httpClient, getEmpresaId, getAccessToken }),
    ...importExportMethods(apiUrl, httpClient, getEmpresaId),
  };
};
