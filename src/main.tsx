/** Browser entry: runtime config → API address → http client (Bearer + refresh) → data and auth providers. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, opensStandardList, preloadRoute } from './App';
import { authProvider, clearSession, getAccessToken, refreshAccessToken } from './authProvider';
import { createDataProvider } from './custom/dataProvider';
import { getSelectedEmpresaId } from './dataProvider/company';
import { loadRuntimeConfig, resolveApiUrl } from './dataProvider/config';
import { createHttpClient } from './dataProvider/http';
import { createI18nProvider, getLanguage, loadMessages } from './i18n';
import { AuthAnsweringQueryClient } from './layout/authQueryClient';
import { createPimStore } from './layout/store';
import { openingListQuery, prefetchListPage } from './resources/generic/openingListQuery';
import { allSchemas } from './resources/registry';

const start = async () => {
  const configured = Promise.all([loadRuntimeConfig(), loadMessages(getLanguage())]);
  const signedIn = Boolean(getAccessToken());
  // signed in, the route's screen loads while the configuration arrives (asked for first)
  const preloaded = signedIn ? preloadRoute(window.location.hash) : undefined;
  const [runtime] = await configured;
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
  const auth = authProvider(apiUrl);
  const store = createPimStore();
  const queryClient = new AuthAnsweringQueryClient(auth);
  // signed in, the list the address opens asks for its first page now, while the screen's code loads
  const opening = signedIn
    ? openingListQuery(window.location.hash, allSchemas(), store, opensStandardList)
    : undefined;
  if (opening) void prefetchListPage(queryClient, dataProvider, opening);
  await preloaded;
  const root = document.getElementById('root');
  if (!root) throw new Error('Missing #root element');
  createRoot(root).render(
    <StrictMode>
      <App
        dataProvider={dataProvider}
        authProvider={auth}
        i18nProvider={createI18nProvider()}
        store={store}
        queryClient={queryClient}
        signedOut={!signedIn}
      />
    </StrictMode>,
  );
};

void start();
