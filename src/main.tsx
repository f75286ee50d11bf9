/** Browser entry: runtime config → API address → http client (Bearer + refresh) → data and auth providers. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { authProvider, clearSession, getAccessToken, refreshAccessToken } from './authProvider';
import { loadRuntimeConfig, resolveApiUrl } from './dataProvider/config';
import { withCatalogueProductsApi } from './custom/catalogueProducts/dataProvider';
import { withReferenceData } from './dataProvider/referenceData';
import { withIntegrations } from './custom/integrations/api';
import { withImportExport } from './custom/importExport/api';
import { withAiTexts } from './custom/aiTexts/api';
import { withAccessMethods } from './custom/permisos/api';
import { withProductApi } from './custom/productEditor/api';
import { createHttpClient } from './dataProvider/http';
import { loopbackDataProvider } from './dataProvider/loopback';
import { createI18nProvider, getLanguage, loadMessages } from './i18n';
import { getSelectedEmpresaId } from './dataProvider/company';

const start = async () => {
  const [runtime] = await Promise.all([loadRuntimeConfig(), loadMessages(getLanguage())]);
  const apiUrl = resolveApiUrl(runtime, import.meta.env.VITE_API_URL as string | undefined);
  const httpClient = createHttpClient({
    getAccessToken,
    refresh: () => refreshAccessToken(apiUrl),
    // a failed refresh ends the session; react-admin's checkError then sends the user to the login page.
    onAuthFailure: clearSession,
  });
  const loopback = withIntegrations(
    withImportExport(
      loopbackDataProvider(apiUrl, httpClient, { getEmpresaId: getSelectedEmpresaId }),
      apiUrl,
      httpClient,
      getSelectedEmpresaId,
    ),
    { apiUrl, httpClient, getEmpresaId: getSelectedEmpresaId, getAccessToken },
  );
  const dataProvider = withCatalogueProductsApi(
    withAiTexts(withReferenceData(loopback, apiUrl, httpClient), apiUrl, httpClient),
    apiUrl,
    httpClient,
  );
  const root = document.getElementById('root');
  if (!root) throw new Error('Missing #root element');
  createRoot(root).render(
    <StrictMode>
      <App
        dataProvider={withProductApi(withAccessMethods(dataProvider, apiUrl, httpClient), apiUrl, httpClient)}
        authProvider={authProvider(apiUrl)}
        i18nProvider={createI18nProvider()}
      />
    </StrictMode>,
  );
};

void start();
