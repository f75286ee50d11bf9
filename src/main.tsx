/** Browser entry: runtime config → API address → http client (Bearer + refresh) → data and auth providers. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, preloadRoute } from './App';
import { authProvider, clearSession, getAccessToken, refreshAccessToken } from './authProvider';
import { createDataProvider } from './custom/dataProvider';
import { getSelectedEmpresaId } from './dataProvider/company';
import { loadRuntimeConfig, resolveApiUrl } from './dataProvider/config';
import { createHttpClient } from './dataProvider/http';
import { createI18nProvider, getLanguage, loadMessages } from './i18n';

const start = async () => {
  const configured = Promise.all([loadRuntimeConfig(), loadMessages(getLanguage())]);
  // signed in, the route's screen loads while the configuration arrives (asked for first)
  const preloaded = getAccessToken() ? preloadRoute(window.location.hash) : undefined;
  const [[runtime]] = await Promise.all([configured, preloaded]);
  const apiUrl = resolveApiUrl(runtime, import.meta.env.VITE_API_URL as string | undefined);
  const httpClient = createHttpClient({
    getAccessToken,
    refresh: () => refreshAccessToken(apiUrl),
    // a failed refresh ends the session; react-admin's checkError then sends the user to the login page.
    onAuthFailure: clearSession,
  });
  const dataProvider = createDataProvider({
    apiUrl,
    httpClient,
    getEmpresaId: getSelectedEmpresaId,
    getAccessToken,
  });
  const root = document.getElementById('root');
  if (!root) throw new Error('Missing #root element');
  createRoot(root).render(
    <StrictMode>
      <App
        dataProvider={dataProvider}
        authProvider={authProvider(apiUrl)}
        i18nProvider={createI18nProvider()}
      />
    </StrictMode>,
  );
};

void start();
