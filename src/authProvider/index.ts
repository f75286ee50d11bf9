export { authProvider, landingPath } from './authProvider';
export { refreshAccessToken } from './refresh';
export {
  permissionsToRules,
  canAccessWithRules,
  DEFAULT_RULES,
  type AbilityRule,
  type Permiso,
  type AccessRequest,
} from './permissions';
export {
  getAccessToken,
  getRefreshToken,
  getUserData,
  getRules,
  clearSession,
  isAdmin,
  ACCESS_TOKEN_KEY,
  REFRESH_TOKEN_KEY,
  USER_DATA_KEY,
  type UserData,
  type StoredUserData,
} from './session';
