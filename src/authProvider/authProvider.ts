/** react-admin 5 authProvider over the PIM API (POST /auth/login; docs/requirements.md#r2-screens, #r4-states, #r6-roles, the architecture notes (auth and permissions)). */
import type { AuthProvider } from 'react-admin';
import { AUTH_TIMEOUT_MS, AuthTimeoutError, withDeadline } from './deadline';
import { LOGOUT_TIMEOUT_MS, logoutOnServer } from './logout';
import { canAccessWithRules, permissionsToRules } from '../core/permissions';
import {
  clearSession,
  forgetTokens,
  getAccessToken,
  getRules,
  getUserData,
  isAdmin,
  storeSession,
  type UserData,
} from './session';

interface LoginAnswer {
  accessToken?: unknown;
  refreshToken?: unknown;
  userData?: UserData;
}

interface ErrorBody {
  error?: { message?: string };
  message?: string;
}

/** Shown on the login page when a valid user has no admin role (docs/requirements.md#r2-screens: any other role goes to /login). */
export const NOT_ADMIN_MESSAGE =
  'Acceso denegado: solo los usuarios con el rol de administrador pueden entrar en el PIM. Consulta con un administrador.';
export const CONNECTION_MESSAGE = 'Error de conexión. Verifique su red e intente de nuevo.';
export const UNEXPECTED_LOGIN_MESSAGE = 'Respuesta inesperada del servidor al iniciar sesión.';

const loginError = async (response: Response): Promise<Error> => {
  let body: ErrorBody | undefined;
  try {
    body = (await response.json()) as ErrorBody;
  } catch {
    body = undefined;
  }
  return new Error(body?.error?.message || body?.message || response.statusText || 'ra.auth.sign_in_error');
};

const readAnswer = async (response: Response): Promise<LoginAnswer> => {
  try {
    const answer = (await response.json()) as unknown;
    return typeof answer === 'object' && answer !== null ? (answer as LoginAnswer) : {};
  } catch {
    return {};
  }
};

export interface AuthProviderOptions {
  /** How long a logout waits for the server to revoke the refresh token before going on (default 2 s). */
  logoutTimeoutMs?: number;
  /** A login with no complete answer by then fails with the connection message (default 30 s). */
  loginTimeoutMs?: number;
}

export const authProvider = (
  apiUrl: string,
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
  { logoutTimeoutMs = LOGOUT_TIMEOUT_MS, loginTimeoutMs = AUTH_TIMEOUT_MS }: AuthProviderOptions = {},
): AuthProvider => ({
  login: async ({ username, password }: { username: string; password: string }) => {
    const { accessToken, refreshToken, userData } = await withDeadline(async (signal) => {
      let response: Response;
      try {
        response = await fetchImpl(`${apiUrl}/auth/login`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify({ email: username, password }),
          signal,
        });
      } catch {
        throw new Error(CONNECTION_MESSAGE);
      }
      if (!response.ok) throw await loginError(response);
      return readAnswer(response);
    }, loginTimeoutMs).catch((error: unknown) => {
      throw error instanceof AuthTimeoutError ? new Error(CONNECTION_MESSAGE) : error;
    });
    if (typeof accessToken !== 'string' || typeof refreshToken !== 'string' || !userData) {
      throw new Error(UNEXPECTED_LOGIN_MESSAGE);
    }
    if (!isAdmin(userData)) {
      // Refused: nothing of this session stays behind (no tokens, no user data).
      forgetTokens();
      throw new Error(NOT_ADMIN_MESSAGE);
    }
    const permisos = (userData.roles ?? []).flatMap((rol) => rol.permisos ?? []);
    const ability = permissionsToRules(permisos);
    storeSession(accessToken, refreshToken, { ...userData, accessToken, ability });
    // no redirectTo: react-admin returns to the route that asked for the login, else to its home route
    // (NavigateToFirstResource → /productos, the registry's first resource).
  },
  // The refresh token is revoked on the server first (best effort, bounded), then all local storage goes;
  // react-admin clears its query cache once this resolves. Never rejects: logging out always works.
  logout: async () => {
    await logoutOnServer(apiUrl, fetchImpl, logoutTimeoutMs);
    clearSession();
  },
  checkAuth: async () => {
    if (!getAccessToken()) throw new Error('ra.auth.auth_check_error');
    // A stored session of a non-admin (e.g. written by an older version) is not a session of this app.
    if (!isAdmin(getUserData())) throw new Error(NOT_ADMIN_MESSAGE);
  },
  // Whether checkAuth would pass, at once (src/layout/authQueryClient.ts starts the session check answered).
  checkAuthSync: () => Boolean(getAccessToken()) && isAdmin(getUserData()),
  checkError: async (error: { status?: number } | null | undefined) => {
    // The http client already tried one refresh: a 401 here ends the session. A 403 is a refused action,
    // not a dead session: the caller shows it and the user keeps working.
    if (error?.status === 401) throw new Error('ra.notification.logged_out');
  },
  getIdentity: async () => {
    const user = getUserData();
    if (!user) throw new Error('ra.auth.auth_check_error');
    return {
      id: user.id,
      fullName: user.nombre ?? user.mail ?? String(user.id),
      ...(typeof user.avatar === 'string' && user.avatar ? { avatar: user.avatar } : {}),
    };
  },
  getPermissions: async () => getRules(),
  canAccess: async ({ action, resource, record }) =>
    canAccessWithRules(getRules(), { action, resource, record }),
  // The same answer at once: the rules are stored locally, so the menu decides all its entries in one render.
  canAccessSync: ({ action, resource }: { action: string; resource: string }) =>
    canAccessWithRules(getRules(), { action, resource }),
});
