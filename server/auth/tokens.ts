/**
 * JWT (HS256, jsonwebtoken). Access tokens carry {id, email, empresaId}. Refresh tokens carry {id} and a
 * jti; the server keeps one RefreshToken row per live refresh token and deletes it when it is used
 * (rotation: a used refresh token is refused), so a refresh token works exactly once. Logout deletes the row
 * of the session's refresh token (revocation), in the same datastore (memory/file or MySQL).
 */
import { randomUUID } from 'node:crypto';
import { HttpErrors } from '@loopback/rest';
import jwt from 'jsonwebtoken';
import type { InternalRepository } from '../repositories';
import type { CurrentUser } from './keys';

export interface TokenConfig {
  secret: string;
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
}

export const INVALID_REFRESH = 'Invalid refresh token';

export class TokenService {
  private readonly refreshSecret: string;

  constructor(
    private readonly config: TokenConfig,
    private readonly refreshTokens: InternalRepository,
  ) {
    this.refreshSecret = `${config.secret}:refresh`;
  }

  signAccess(user: CurrentUser): string {
    const payload = { id: user.id, email: user.email, empresaId: user.empresaId };
    return jwt.sign(payload, this.config.secret, {
      algorithm: 'HS256',
      expiresIn: this.config.accessTtlSeconds,
    });
  }

  /** Verifies an access token; failures are 401s worded like @loopback/authentication-jwt. */
  verifyAccess(token: string): CurrentUser {
    let decoded: jwt.JwtPayload | string;
    try {
      decoded = jwt.verify(token, this.config.secret, { algorithms: ['HS256'] });
    } catch (err) {
      throw new HttpErrors.Unauthorized(`Error verifying token : ${(err as Error).message}`);
    }
    if (typeof decoded === 'string' || typeof decoded.id !== 'number') {
      throw new HttpErrors.Unauthorized('Error verifying token : invalid token');
    }
    return {
      id: decoded.id,
      email: String(decoded.email ?? ''),
      empresaId: typeof decoded.empresaId === 'number' ? decoded.empresaId : null,
    };
  }

  async issueRefresh(usuarioId: number): Promise<string> {
    const jti = randomUUID();
    const expiresAt = new Date(Date.now() + this.config.refreshTtlSeconds * 1000);
    await this.refreshTokens.create({ id: jti, usuarioId, expiresAt });
    return jwt.sign({ id: usuarioId }, this.refreshSecret, {
      algorithm: 'HS256',
      expiresIn: this.config.refreshTtlSeconds,
      jwtid: jti,
    });
  }

  /** Consumes a refresh token: returns its user id, or throws 401 'Invalid refresh token'. */
  async consumeRefresh(token: string): Promise<number> {
    let decoded: jwt.JwtPayload | string;
    try {
      decoded = jwt.verify(token, this.refreshSecret, { algorithms: ['HS256'] });
    } catch {
      throw new HttpErrors.Unauthorized(INVALID_REFRESH);
    }
    if (typeof decoded === 'string' || typeof decoded.id !== 'number' || !decoded.jti) {
      throw new HttpErrors.Unauthorized(INVALID_REFRESH);
    }
    // Deleting is the check: of two concurrent uses of one token, only one deletes the row.
    const { count } = await this.refreshTokens.deleteAll({ id: decoded.jti });
    if (count !== 1) throw new HttpErrors.Unauthorized(INVALID_REFRESH);
    return decoded.id;
  }

  /**
   * Logout: the refresh token stops working (its row goes). Tokens that are forged, unknown, already used or
   * expired are ignored (nothing to revoke), so logging out is idempotent and reveals nothing.
   */
  async revokeRefresh(token: string): Promise<void> {
    let decoded: jwt.JwtPayload | string;
    try {
      decoded = jwt.verify(token, this.refreshSecret, { algorithms: ['HS256'], ignoreExpiration: true });
    } catch {
      return;
    }
    if (typeof decoded === 'string' || typeof decoded.jti !== 'string' || !decoded.jti) return;
    await this.refreshTokens.deleteAll({ id: decoded.jti });
  }

  async purgeExpired(): Promise<void> {
    await this.refreshTokens.deleteAll({ expiresAt: { lt: new Date() } });
  }
}
