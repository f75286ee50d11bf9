/**
 * Auth routes (docs/requirements.md#r7-api "Auth and users"):
 * POST /auth/login, POST /usuarios/refresh-login {email, password} → {accessToken, refreshToken, userData}
 * POST /auth/refresh-token {refreshToken} → {accessToken, refreshToken} (rotation)
 * A disabled user (activoSN 'N') is refused at sign-in (after the password check) and at refresh (which also
 *   ends their sessions) with 401 and USER_DISABLED.
 * POST /auth/logout {refreshToken} → 204; that refresh token no longer works (a later refresh with it is 401
 *   'Invalid refresh token'). Public like the refresh: the refresh token is the credential being revoked, and
 *   the access token may already have expired when the user leaves. Unknown or invalid tokens also get 204.
 *   The access token itself is a stateless JWT: it keeps working until it expires (accessTokenTtlSeconds).
 * POST /auth/signup (needs a token: only a signed-in user creates accounts; a non-admin only in their own
 *   company, 403 otherwise) → the new usuario
 * GET /usuarios/me → the current usuario with empresaId, roles and their permisos (userData of the login too)
 */
import { inject } from '@loopback/core';
import { get, HttpErrors, post, Request, requestBody, RestBindings } from '@loopback/rest';
import { AuthBindings, PUBLIC, type CompanyAccess, type CurrentUser } from './keys';
import { requires, signedIn } from './permiso';
import type { LoginThrottle } from './throttle';
import { INVALID_REFRESH, type TokenService } from './tokens';
import type { PlainRow } from '../repository-set';
import {
  USER_DISABLED,
  userDisabled,
  type CredentialsChange,
  type SignupData,
  type UserService,
} from './users';

const jsonBody = (schema: object) => ({ required: true, content: { 'application/json': { schema } } });

const CREDENTIALS = jsonBody({
  type: 'object',
  title: 'Credentials',
  required: ['email', 'password'],
  properties: { email: { type: 'string' }, password: { type: 'string' } },
});

const REFRESH = jsonBody({
  type: 'object',
  title: 'RefreshGrant',
  required: ['refreshToken'],
  properties: { refreshToken: { type: 'string' } },
});

const SIGNUP = jsonBody({
  type: 'object',
  title: 'Signup',
  required: ['email', 'password'],
  additionalProperties: false,
  properties: {
    email: { type: 'string', minLength: 1, maxLength: 255 },
    password: { type: 'string', minLength: 1, maxLength: 255 },
    nombre: { type: 'string', maxLength: 255 },
    codigo: { type: 'string', maxLength: 50 },
    empresaId: { type: 'integer' },
  },
});

const CREDENTIALS_CHANGE = jsonBody({
  type: 'object',
  title: 'CredentialsChange',
  required: ['currentPassword'],
  additionalProperties: false,
  properties: {
    currentPassword: { type: 'string', minLength: 1, maxLength: 255 },
    password: { type: 'string', minLength: 1, maxLength: 255 },
    mail: { type: 'string', minLength: 3, maxLength: 255 },
  },
});

const okJson = (description: string) => ({
  responses: { '200': { description, content: { 'application/json': { schema: { type: 'object' } } } } },
});

interface Credentials {
  email: string;
  password: string;
}

export interface LoginResult {
  accessToken: string;
  refreshToken: string;
  userData: PlainRow;
}

export class AuthController {
  constructor(
    @inject(AuthBindings.USERS) private readonly users: UserService,
    @inject(AuthBindings.TOKENS) private readonly tokens: TokenService,
    @inject(AuthBindings.THROTTLE) private readonly throttle: LoginThrottle,
    @inject(RestBindings.Http.REQUEST) private readonly request: Request,
  ) {}

  private async session(credentials: Credentials): Promise<LoginResult> {
    const address = this.request.ip ?? this.request.socket.remoteAddress ?? '';
    await this.throttle.before(credentials.email, address);
    const user = await this.users.verifyCredentials(credentials.email, credentials.password).catch((err) => {
      this.throttle.failed(credentials.email, address);
      throw err;
    });
    // Told only to whoever knows the password: a disabled account is refused and counts as a failure.
    if (userDisabled(user)) {
      this.throttle.failed(credentials.email, address);
      throw new HttpErrors.Unauthorized(USER_DISABLED);
    }
    this.throttle.succeeded(credentials.email);
    await this.tokens.purgeExpired();
    const { sid, refreshToken } = await this.tokens.startSession(Number(user.id));
    const profile = this.users.profile(user, sid);
    return {
      accessToken: this.tokens.signAccess(profile),
      refreshToken,
      userData: await this.users.userData(profile.id),
    };
  }

  @post('/auth/login', { ...PUBLIC, ...okJson('Tokens and the user') })
  login(@requestBody(CREDENTIALS) credentials: Credentials): Promise<LoginResult> {
    return this.session(credentials);
  }

  @post('/usuarios/refresh-login', { ...PUBLIC, ...okJson('Tokens and the user') })
  refreshLogin(@requestBody(CREDENTIALS) credentials: Credentials): Promise<LoginResult> {
    return this.session(credentials);
  }

  @post('/auth/refresh-token', { ...PUBLIC, ...okJson('A new token pair') })
  async refresh(
    @requestBody(REFRESH) grant: { refreshToken: string },
  ): Promise<{ accessToken: string; refreshToken: string }> {
    const { usuarioId, sid, refreshToken } = await this.tokens.rotateRefresh(grant.refreshToken);
    const user = await this.users.userData(usuarioId).catch(() => undefined);
    if (!user || userDisabled(user)) {
      await this.tokens.endOtherSessions(usuarioId);
      throw new HttpErrors.Unauthorized(user ? USER_DISABLED : INVALID_REFRESH);
    }
    return { accessToken: this.tokens.signAccess(this.users.profile(user, sid)), refreshToken };
  }

  @post('/auth/logout', {
    ...PUBLIC,
    responses: { '204': { description: 'The refresh token is revoked' } },
  })
  async logout(@requestBody(REFRESH) grant: { refreshToken: string }): Promise<void> {
    await this.tokens.revokeRefresh(grant.refreshToken);
    await this.tokens.purgeExpired();
  }

  @post('/auth/signup', {
    ...requires({ action: 'create', resource: 'usuarios' }),
    ...okJson('The new usuario'),
  })
  signup(
    @requestBody(SIGNUP) data: SignupData,
    @inject(AuthBindings.COMPANY_ACCESS) creator: CompanyAccess,
  ): Promise<PlainRow> {
    return this.users.signup(data, creator);
  }

  /**
   * The signed-in user's own password and/or e-mail, proven with the current password. Their other sessions
   * end; this one goes on.
   */
  @post('/usuarios/me/credenciales', {
    ...signedIn(),
    responses: { '204': { description: 'Credentials changed; the other sessions are ended' } },
  })
  async changeCredentials(
    @requestBody(CREDENTIALS_CHANGE) change: CredentialsChange,
    @inject(AuthBindings.CURRENT_USER) current: CurrentUser,
  ): Promise<void> {
    await this.users.changeOwnCredentials(current.id, change);
    await this.tokens.endOtherSessions(current.id, current.sid);
  }

  @get('/usuarios/me', { ...signedIn(), ...okJson('The current usuario') })
  me(@inject(AuthBindings.CURRENT_USER) current: CurrentUser): Promise<PlainRow> {
    return this.users.userData(current.id);
  }
}
