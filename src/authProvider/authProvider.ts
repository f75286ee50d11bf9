/** react-admin 5 authProvider over the PIM API (POST /auth/login; spec §4, §6, DESIGN §4). */
import type { AuthProvider } from 'react-admin';
import { canAccessWithRules, permissionsToRules } from './permissions';
import {
  clearSession,
  getAccessToken,
  getRules,
  getUserData,
  isAdmin,
  storeSession,
  type UserData,
} from './session';

interface LoginAnswer {
  accessToken: string;
  refreshToken: string;
  userData: UserData;
}

interface ErrorBody {
  error?: { message?: string };
  message?: string;
}

/** After login: role admin lands on /productos, any other role goes to /login (spec §2). */
export const landingPath = (user: UserData): string => (isAdmin(user) ? '/productos' : '/login');

const loginError = async (response: Response): Promise<Error> => {
  let body: ErrorBody | undefined;
  try {
    body = (await response.json()) as ErrorBody;
  } catch {
    body = undefined;
  }
  return new Error(body?.error?.message || body?.message || response.statusText || 'ra.auth.sign_in_error');
};

export const authProvider = (
  apiUrl: string,
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
): AuthProvider => ({
  login: async ({ username, password }: { username: string; password: string }) => {
    let response: Response;
    try {
      response = await fetchImpl(`${apiUrl}/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ email: username, password }),
      });
    } catch {
      throw new Error('Error de conexión. Verifique su red e intente de nuevo.');
    }
    if (!response.ok) throw await loginError(response);
    const { accessToken, refreshToken, userData } = (await response.json()) as LoginAnswer;
    const permisos = (userData.roles ?? []).flatMap((rol) => rol.permisos ?? []);
    const ability = permissionsToRules(permisos);
    storeSession(accessToken, refreshToken, { ...userData, accessToken, ability });
    return { redirectTo: landingPath(userData) };
  },
  logout: async () => {
    clearSession();
  },
  checkAuth: async () => {
    if (!getAccessToken()) throw new Error('ra.auth.auth_check_error');
  },
  checkError: async (error: { status?: number } | null | undefined) => {
    const status = error?.status;
    // the http client already tried one refresh: a 401/403 here ends the session.
    if (status === 401 || status === 403) throw new Error('ra.notification.logged_out');
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
});
