/** The session in localStorage (docs/requirements.md#r9-constants keys): accessToken, refreshToken, userDataPim. */
import { DEFAULT_RULES, type AbilityRule, type Permiso } from '../core/permissions';
import { draftEntries } from '../core/formDrafts';

export const ACCESS_TOKEN_KEY = 'accessToken';
export const REFRESH_TOKEN_KEY = 'refreshToken';
export const USER_DATA_KEY = 'userDataPim';

export interface Rol {
  id?: number;
  nombre?: string;
  codigo?: string;
  permisos?: Permiso[];
}

export interface UserData {
  id: number | string;
  nombre?: string;
  mail?: string;
  avatar?: string;
  roles?: Rol[];
  [key: string]: unknown;
}

export interface StoredUserData extends UserData {
  accessToken: string;
  ability: AbilityRule[];
}

export const getAccessToken = (): string | null => localStorage.getItem(ACCESS_TOKEN_KEY);
export const getRefreshToken = (): string | null => localStorage.getItem(REFRESH_TOKEN_KEY);

export const getUserData = (): StoredUserData | null => {
  const raw = localStorage.getItem(USER_DATA_KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as unknown;
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as StoredUserData)
      : null;
  } catch {
    return null;
  }
};

export const getRules = (): AbilityRule[] => {
  const ability = getUserData()?.ability;
  return Array.isArray(ability) && ability.length > 0 ? ability : DEFAULT_RULES.map((rule) => ({ ...rule }));
};

export const storeTokens = (accessToken: string, refreshToken?: string | null): void => {
  localStorage.setItem(ACCESS_TOKEN_KEY, accessToken);
  if (refreshToken) localStorage.setItem(REFRESH_TOKEN_KEY, refreshToken);
  const user = getUserData();
  if (user) localStorage.setItem(USER_DATA_KEY, JSON.stringify({ ...user, accessToken }));
};

export const storeSession = (accessToken: string, refreshToken: string, user: StoredUserData): void => {
  localStorage.setItem(USER_DATA_KEY, JSON.stringify(user));
  storeTokens(accessToken, refreshToken);
};

/** Drops the session keys only (a refused login must leave no session behind). */
export const forgetTokens = (): void => {
  for (const key of [ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY, USER_DATA_KEY]) localStorage.removeItem(key);
};

/**
 * Logout: all local storage goes (docs/requirements.md#r4-states), including the selected company and react-admin's
 * store — but for the drafts of unsaved forms, kept per user and record (src/core/formDrafts.ts, issue 16).
 */
export const clearSession = (): void => {
  const drafts = draftEntries(localStorage);
  localStorage.clear();
  for (const [key, value] of drafts) localStorage.setItem(key, value);
};

export const ADMIN_ROLE = 'admin';

/** The role admin (codigo 'admin', exactly as the API decides it): the only role let into the app (docs/requirements.md#r2-screens, #r6-roles). */
export const isAdmin = (user: Pick<UserData, 'roles'> | null | undefined): boolean =>
  Array.isArray(user?.roles) && user.roles.some((rol) => rol?.codigo === ADMIN_ROLE);
