/**
 * JWT (HS256, jsonwebtoken) and sessions. A sign-in opens a session (a token family): its access tokens carry
 * {id, email, empresaId, sid}, its refresh tokens {id, jti} and one RefreshToken row each (familyId, startedAt).
 * - Rotation: a refresh token works once; it is marked used and a new one of the same family is issued.
 * - Reuse: presenting a used refresh token ends the whole family (whoever stole it loses the session too).
 * - Absolute lifetime: refreshes stop `sessionTtlSeconds` after the sign-in, whatever happens.
 * - A session is open while its family has rows: logout, reuse, a password change (other sessions) delete
 *   them, and access tokens of a closed session are refused at once (checked per request, cached ≤ 5 s in
 *   other processes; this process forgets its cache when it closes a session).
 */
import { createSecretKey, randomUUID, type KeyObject } from 'node:crypto';
import { HttpErrors } from '@loopback/rest';
import jwt from 'jsonwebtoken';
import type { InternalRepository } from '../repositories';
import type { CurrentUser } from './keys';

export interface TokenConfig {
  secret: string;
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
  /** Absolute session lifetime (default 12 h): no refresh after this long since the sign-in. */
  sessionTtlSeconds?: number;
}

export const INVALID_REFRESH = 'Invalid refresh token';
export const DEFAULT_SESSION_TTL = 12 * 3600;
/** How long a session's "still open" answer is reused between requests. */
export const SESSION_CACHE_MS = 5000;
/** Verified access tokens kept (each until it expires); past this many the cache starts again. */
const VERIFIED_TOKENS = 10_000;

export class TokenService {
  private readonly refreshSecret: string;
  /** The secret as a key object: jsonwebtoken would otherwise try it as a public key at each verification. */
  private readonly accessKey: KeyObject;
  /** Access tokens already verified, with their user and expiry: a token is checked once, not per request. */
  private readonly verified = new Map<string, { user: CurrentUser; expiresAt: number }>();
  private readonly openSessions = new Map<string, { at: number; open: Promise<boolean> }>();

  constructor(
    private readonly config: TokenConfig,
    private readonly refreshTokens: InternalRepository,
  ) {
    this.refreshSecret = `${config.secret}:refresh`;
    this.accessKey = createSecretKey(Buffer.from(config.secret));
  }

  private get sessionTtlMs(): number {
    return (this.config.sessionTtlSeconds ?? DEFAULT_SESSION_TTL) * 1000;
  }

  signAccess(user: CurrentUser): string {
    const payload = { id: user.id, email: user.email, empresaId: user.empresaId, sid: user.sid };
    return jwt.sign(payload, this.config.secret, {
      algorithm: 'HS256',
      expiresIn: this.config.accessTtlSeconds,
    });
  }

  /** Verifies an access token; failures are 401s worded like @loopback/authentication-jwt. */
  verifyAccess(token: string): CurrentUser {
    // The same string verifies the same way until it expires (then jsonwebtoken words the refusal).
    const known = this.verified.get(token);
    if (known && Date.now() < known.expiresAt) return known.user;
    let decoded: jwt.JwtPayload | string;
    try {
      decoded = jwt.verify(token, this.accessKey, { algorithms: ['HS256'] });
    } catch (err) {
      this.verified.delete(token);
      throw new HttpErrors.Unauthorized(`Error verifying token : ${(err as Error).message}`);
    }
    if (typeof decoded === 'string' || typeof decoded.id !== 'number' || typeof decoded.sid !== 'string') {
      throw new HttpErrors.Unauthorized('Error verifying token : invalid token');
    }
    const user: CurrentUser = Object.freeze({
      id: decoded.id,
      email: String(decoded.email ?? ''),
      empresaId: typeof decoded.empresaId === 'number' ? decoded.empresaId : null,
      sid: decoded.sid,
    });
    if (typeof decoded.exp === 'number') {
      if (this.verified.size >= VERIFIED_TOKENS) this.verified.clear();
      this.verified.set(token, { user, expiresAt: decoded.exp * 1000 });
    }
    return user;
  }

  /** A new session for the user: its id (the access tokens' `sid`) and its first refresh token. */
  async startSession(usuarioId: number): Promise<{ sid: string; refreshToken: string }> {
    const sid = randomUUID();
    const refreshToken = await this.issueRefresh(usuarioId, sid, new Date());
    return { sid, refreshToken };
  }

  private async issueRefresh(usuarioId: number, familyId: string, startedAt: Date): Promise<string> {
    const jti = randomUUID();
    const end = Math.min(
      Date.now() + this.config.refreshTtlSeconds * 1000,
      startedAt.getTime() + this.sessionTtlMs,
    );
    const expiresAt = new Date(end);
    await this.refreshTokens.create({ id: jti, usuarioId, expiresAt, familyId, startedAt, usedAt: null });
    const seconds = Math.max(1, Math.ceil((end - Date.now()) / 1000));
    return jwt.sign({ id: usuarioId }, this.refreshSecret, {
      algorithm: 'HS256',
      expiresIn: seconds,
      jwtid: jti,
    });
  }

  /**
   * Exchanges a refresh token for the next one of its session: returns the user id, the session id and the new
   * refresh token, or throws 401 'Invalid refresh token' (a used token also ends its session).
   */
  async rotateRefresh(token: string): Promise<{ usuarioId: number; sid: string; refreshToken: string }> {
    const decoded = this.decodeRefresh(token, false);
    if (!decoded) throw new HttpErrors.Unauthorized(INVALID_REFRESH);
    const [row] = await this.refreshTokens.find({ where: { id: decoded.jti }, limit: 1 });
    if (!row || typeof row.familyId !== 'string') throw new HttpErrors.Unauthorized(INVALID_REFRESH);
    const familyId = row.familyId;
    const startedAt = new Date(row.startedAt as Date | string);
    // Marking it used is the check: of two concurrent uses of one token, only one changes the row.
    const { count } = await this.refreshTokens.updateAll(
      { usedAt: new Date() },
      { and: [{ id: decoded.jti }, { usedAt: null }] },
    );
    if (count !== 1) {
      await this.endSessions({ familyId });
      throw new HttpErrors.Unauthorized(INVALID_REFRESH);
    }
    if (Date.now() >= startedAt.getTime() + this.sessionTtlMs) {
      await this.endSessions({ familyId });
      throw new HttpErrors.Unauthorized(INVALID_REFRESH);
    }
    const usuarioId = Number(row.usuarioId);
    return {
      usuarioId,
      sid: familyId,
      refreshToken: await this.issueRefresh(usuarioId, familyId, startedAt),
    };
  }

  private decodeRefresh(token: string, ignoreExpiration: boolean): { id: number; jti: string } | undefined {
    try {
      const decoded = jwt.verify(token, this.refreshSecret, { algorithms: ['HS256'], ignoreExpiration });
      if (typeof decoded === 'string' || typeof decoded.id !== 'number' || !decoded.jti) return undefined;
      return { id: decoded.id, jti: decoded.jti };
    } catch {
      return undefined;
    }
  }

  /**
   * Logout: the session of this refresh token ends (its refresh tokens and access tokens stop working).
   * Tokens that are forged, unknown or expired are ignored, so logging out is idempotent and reveals nothing.
   */
  async revokeRefresh(token: string): Promise<void> {
    const decoded = this.decodeRefresh(token, true);
    if (!decoded) return;
    const [row] = await this.refreshTokens.find({ where: { id: decoded.jti }, limit: 1 });
    if (row && typeof row.familyId === 'string') await this.endSessions({ familyId: row.familyId });
  }

  /** Ends every session of a user except `keep` (a password change ends the others). */
  async endOtherSessions(usuarioId: number, keep?: string): Promise<void> {
    await this.endSessions(keep ? { and: [{ usuarioId }, { familyId: { neq: keep } }] } : { usuarioId });
  }

  private async endSessions(where: Record<string, unknown>): Promise<void> {
    await this.refreshTokens.deleteAll(where);
    this.openSessions.clear();
  }

  /** Whether the session of this access token is still open (cached ≤ SESSION_CACHE_MS). */
  sessionOpen(user: CurrentUser): Promise<boolean> {
    const now = Date.now();
    // Keyed by session and user: the answer is for that pair, so a token naming another user with this
    // session id can never stand in for the session's own tokens.
    const key = `${user.sid}|${user.id}`;
    const cached = this.openSessions.get(key);
    if (cached && now - cached.at < SESSION_CACHE_MS) return cached.open;
    const open = this.refreshTokens
      .count({ and: [{ familyId: user.sid }, { usuarioId: user.id }] })
      .then(({ count }) => count > 0);
    if (this.openSessions.size > 10_000) this.openSessions.clear();
    this.openSessions.set(key, { at: now, open });
    open.catch(() => this.openSessions.delete(key));
    return open;
  }

  async purgeExpired(): Promise<void> {
    await this.refreshTokens.deleteAll({ expiresAt: { lt: new Date() } });
  }
}
