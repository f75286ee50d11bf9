/**
 * The app's own HTTP client and data provider against a test server, as contract tests use them: Bearer from
 * the test's token, no refresh (a test signs in again instead), the company a test chooses.
 */
import type { DataProvider } from 'react-admin';
import { createDataProvider } from '../../src/custom/dataProvider';
import { createHttpClient } from '../../src/dataProvider/http';

export const testHttpClient = (getAccessToken: () => string | null) =>
  createHttpClient({ getAccessToken, refresh: async () => null, onAuthFailure: () => undefined });

export const testDataProvider = (
  apiUrl: string,
  getAccessToken: () => string,
  getEmpresaId: () => number,
): DataProvider =>
  createDataProvider({ apiUrl, httpClient: testHttpClient(getAccessToken), getEmpresaId, getAccessToken });
