/**
 * Opened with no session: the login form first, from a small part of the code (MUI and the authProvider, not
 * react-admin nor the app's screens), after one redirect to `#/login` in place (no extra history entry) that
 * keeps the route asked for. The app's code is fetched from the first key typed; signed in, the app replaces the
 * form in the same React root, at the route asked for (react-admin's own behaviour after a login).
 */
import CssBaseline from '@mui/material/CssBaseline';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { createRoot } from 'react-dom/client';
import { authProvider, CONNECTION_MESSAGE } from '../authProvider/authProvider';
import { loadRuntimeConfig, resolveApiUrl } from '../dataProvider/config';
import { getLanguage } from '../i18n/language';
import { pimTheme } from '../layout/theme';
import { LoginCard, type Credentials } from './LoginCard';
import { loadLoginTranslate } from './loginMessages';
import { goToLogin, leaveLogin } from './loginRoute';

type AppModule = Pick<typeof import('../appStart'), 'startApp'>;

const importApp = (): Promise<AppModule> => import('../appStart');

/**
 * Shows the login form in `container`; `loadApp` gives the app's start (its module, by default). Resolves, once
 * the form is rendered, to a function that takes the screen away (its history listener, and the form unless the
 * app has taken its place): the page never needs it, a test does.
 */
export const startSignedOut = async (
  container: HTMLElement,
  loadApp: () => Promise<AppModule> = importApp,
): Promise<() => void> => {
  let returnTo = goToLogin(window.history, window.location.hash);
  // Back (or a typed address) to another route while signed out: the login page again, returning there
  const onPopState = () => {
    returnTo = goToLogin(window.history, window.location.hash);
  };
  window.addEventListener('popstate', onPopState);
  const [runtime, translate] = await Promise.all([loadRuntimeConfig(), loadLoginTranslate(getLanguage())]);
  const auth = authProvider(resolveApiUrl(runtime, import.meta.env.VITE_API_URL as string | undefined));
  const root = createRoot(container);
  let handedToApp = false;
  const signIn = async (credentials: Credentials) => {
    const app = loadApp();
    // a failed fetch of the app's code is reported once signed in (below), not as an unhandled rejection
    app.catch(() => undefined);
    await auth.login(credentials);
    // from here on the app's router owns the history
    window.removeEventListener('popstate', onPopState);
    leaveLogin(window.history, returnTo);
    const { startApp } = await app.catch(() => {
      throw new Error(CONNECTION_MESSAGE);
    });
    handedToApp = true;
    await startApp(container, { root, runtime });
  };
  root.render(
    <ThemeProvider theme={createTheme(pimTheme)}>
      <CssBaseline />
      <LoginCard
        translate={translate}
        onLogin={signIn}
        onFirstInput={() => void loadApp().catch(() => undefined)}
      />
    </ThemeProvider>,
  );
  return () => {
    window.removeEventListener('popstate', onPopState);
    if (!handedToApp) root.unmount();
  };
};
