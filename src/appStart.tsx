/**
 * The app's start, signed in (src/main.tsx; src/login/startSignedOut.tsx after signing in): runtime config → API
 * address → http client (Bearer + refresh) → data and auth providers → <App> at the address's route.
 */
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { App, opensStandardList, preloadRoute } from './App';
import { authProvider, clearSession, getAccessToken, refreshAccessToken } from './authProvider';
import { createDataProvider } from './custom/dataProvider';
import { getSelectedEmpresaId } from './dataProvider/company';
import { loadRuntimeConfig, resolveApiUrl, type RuntimeConfig } from './dataProvider/config';
import { createHttpClient } from './dataProvider/http';
import { createI18nProvider, getLanguage, loadMessages } from './i18n';
import { AuthAnsweringQueryClient } from './layout/authQueryClient';
import { createPimStore } from './layout/store';
import { createOpeningGate } from './resources/generic/AfterFirstRender';
import { openingListQuery, prefetchListPage } from './resources/generic/openingListQuery';
import { allSchemas } from './resources/registry';

export interface StartedBefore {
  /** The React root the login screen is in: the app replaces it there. */
  root?: Root;
  /** The runtime configuration, when the login screen has read it already. */
  runtime?: RuntimeConfig;
}

/** Opened on a list, how long the menu and the app bar's selectors wait at most for its first page. */
const OPENING_LIST_WAIT_MS = 3000;

/** Renders the app into `container`, at the route in the address. */
export const startApp = async (
  container: HTMLElement,
  { root, runtime: known }: StartedBefore = {},
): Promise<void> => {
  const configured = Promise.all([known ?? loadRuntimeConfig(), loadMessages(getLanguage())]);
  // the route's screen loads while the configuration arrives (asked for first)
  const preloaded = preloadRoute(window.location.hash);
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
  // the list the address opens asks for its first page now, while the screen's code loads
  const opening = openingListQuery(window.location.hash, allSchemas(), store, opensStandardList);
  if (opening) void prefetchListPage(queryClient, dataProvider, opening);
  // opened on a list, the menu and the app bar's selectors render once it has shown its first page (at most 3 s)
  const openingGate = createOpeningGate({ waitForListMs: opening ? OPENING_LIST_WAIT_MS : undefined });
  await preloaded;
  (root ?? createRoot(container)).render(
    <StrictMode>
      <App
        dataProvider={dataProvider}
        authProvider={auth}
        i18nProvider={createI18nProvider()}
        store={store}
        queryClient={queryClient}
        openingGate={openingGate}
      />
    </StrictMode>,
  );
};
