/**
 * Starts the COMPILED reference API in-process on a free loopback port (run `npm run build:server` first).
 * With PIM_DATABASE_URL set (the MariaDB suite), each call gets its own fresh database so test files never
 * see each other's rows; otherwise the embedded database (PGlite) runs in memory, started from a template.
 */
import { createRequire } from 'node:module';
import type { ResourceSchema } from '../../src/resources/types';

const require = createRequire(import.meta.url);

export interface StartedServer {
  url: string;
  stop(): Promise<void>;
}

export interface ServerOptions {
  seed?: boolean;
  dataDir?: string;
  accessTokenTtlSeconds?: number;
  refreshTokenTtlSeconds?: number;
  jwtSecret?: string;
  staticDir?: string;
  /** Sign-in throttling overrides (server/auth/throttle.ts). */
  loginThrottle?: { freeFailures?: number; lockFailures?: number; baseDelayMs?: number; lockMs?: number };
  sessionTtlSeconds?: number;
  corsOrigins?: string[];
  /** Whether admins may create accounts through POST /auth/signup (default true). */
  signup?: boolean;
  /** Uploaded files (default: a fresh temporary folder). */
  uploadsDir?: string;
  /** Render the demo catalogue's pictures at start (server/features/demo-images.ts); default off in tests. */
  demoImages?: boolean;
  /** Largest JSON body accepted (e.g. '1mb', the default). */
  jsonBodyLimit?: string;
  /** Resources declared outside the registry, or replacing one of it by name (server/application.ts). */
  extraSchemas?: readonly ResourceSchema[];
  /** Time limit of a database statement, ms (server/store/statement-limit.ts). */
  statementLimitMs?: number;
  /** A database of testDatabaseUrl() (two servers on one database); default: a fresh one. */
  databaseUrl?: string;
}

interface ServerModule {
  startServer(
    opts: ServerOptions & { port: number; host: string; databaseUrl?: string },
  ): Promise<StartedServer>;
}

let databaseCounter = 0;

async function freshDatabaseUrl(base: string): Promise<string> {
  const mysql = require('mysql2/promise') as {
    createConnection(uri: string): Promise<{ query(sql: string): Promise<unknown>; end(): Promise<void> }>;
  };
  const name = `pim_t${process.pid}_${Date.now() % 100000}_${databaseCounter++}`;
  const admin = await mysql.createConnection(base);
  await admin.query(`CREATE DATABASE ${name} CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci`);
  await admin.end();
  return base.replace(/\/[^/]*$/, `/${name}`);
}

export const usingMysql = (): boolean => Boolean(process.env.PIM_DATABASE_URL);

/** A fresh MySQL database's URL on the MariaDB suite; undefined on the embedded database. */
export async function testDatabaseUrl(): Promise<string | undefined> {
  const base = process.env.PIM_DATABASE_URL;
  return base ? freshDatabaseUrl(base) : undefined;
}

export async function startTestServer(options: ServerOptions = {}): Promise<StartedServer> {
  const { startServer } = require('../../dist-server/server/application.js') as ServerModule;
  const { demoImages, databaseUrl: given, ...rest } = options;
  const databaseUrl = given ?? (await testDatabaseUrl());
  // Each test file runs in its own process: the setting is read when this server starts.
  if (demoImages) delete process.env.DEMO_IMAGES;
  else process.env.DEMO_IMAGES = '0';
  return startServer({ port: 0, host: '127.0.0.1', seed: true, databaseUrl, ...rest });
}

export interface DemoLogin {
  email: string;
  password: string;
  role: string;
}

export const demoLogins = (): { admin: DemoLogin; editor: DemoLogin } => {
  const seed = require('../../dist-server/server/seed/index.js') as {
    DEMO_ADMIN: DemoLogin;
    DEMO_EDITOR: DemoLogin;
  };
  return { admin: seed.DEMO_ADMIN, editor: seed.DEMO_EDITOR };
};

/** Logs in through the API and returns the access token. */
export async function loginToken(url: string, who: DemoLogin = demoLogins().admin): Promise<string> {
  const res = await fetch(`${url}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: who.email, password: who.password }),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { accessToken: string };
  return body.accessToken;
}
