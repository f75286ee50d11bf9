export { authProvider, NOT_ADMIN_MESSAGE } from './authProvider';
export { refreshAccessToken, refreshInFlight, REFRESH_LOCK } from './refresh';
export { logoutOnServer, LOGOUT_TIMEOUT_MS } from './logout';
export {
  permissionsToRules,
  canAccessWithRules,
  DEFAULT_RULES,
  type AbilityRule,
  type Permiso,
  type AccessRequest,
} from '../core/permissions';
export {
  getAccessToken,
  getRefreshToken,
  getUserData,
  getRules,
  clearSession,
  forgetTokens,
  isAdmin,
  ADMIN_ROLE,
  ACCESS_TOKEN_KEY,
  REFRESH_TOKEN_KEY,
  USER_DATA_KEY,
  type UserData,
  type StoredUserData,
} from './session';
