/**
 * The AECOC FTP server (env AECOC_FTP_HOST, AECOC_FTP_PORT (21), AECOC_FTP_USER, AECOC_FTP_PASSWORD,
 * AECOC_FTP_DIR (upload folder, default '/'), AECOC_FTP_RESPONSE_DIR (default '<dir>/respuestas'),
 * AECOC_FTP_SECURE=1 for explicit FTPS), through basic-ftp. Read on every call, never logged.
 * With no host configured, files stay in the local outbox (env AECOC_OUTBOX_DIR, default <DATA_DIR>/aecoc/outbox).
 */
import { mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { Client } from 'basic-ftp';

export interface FtpConfig {
  host: string;
  port: number;
  user: string;
  password: string;
  dir: string;
  responseDir: string;
  secure: boolean;
}

export function ftpConfigFromEnv(env: NodeJS.ProcessEnv = process.env): FtpConfig | undefined {
  const host = env.AECOC_FTP_HOST?.trim();
  if (!host) return undefined;
  const dir = env.AECOC_FTP_DIR?.trim() || '/';
  return {
    host,
    port: Number(env.AECOC_FTP_PORT) || 21,
    user: env.AECOC_FTP_USER ?? 'anonymous',
    password: env.AECOC_FTP_PASSWORD ?? '',
    dir,
    responseDir: env.AECOC_FTP_RESPONSE_DIR?.trim() || path.posix.join(dir, 'respuestas'),
    secure: env.AECOC_FTP_SECURE === '1',
  };
}

export const outboxDir = (env: NodeJS.ProcessEnv = process.env): string =>
  path.resolve(env.AECOC_OUTBOX_DIR ?? path.join(env.DATA_DIR ?? 'data', 'aecoc', 'outbox'));

export interface LocalFile {
  nombre: string;
  tamano: number;
  fecha: string;
}

export async function saveLocal(dir: string, name: string, content: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, path.basename(name));
  await writeFile(file, content, 'utf8');
  return file;
}

export async function listLocal(dir: string): Promise<LocalFile[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const files: LocalFile[] = [];
  for (const nombre of names) {
    const info = await stat(path.join(dir, nombre));
    if (info.isFile()) files.push({ nombre, tamano: info.size, fecha: info.mtime.toISOString() });
  }
  return files.sort((a, b) => b.fecha.localeCompare(a.fecha) || b.nombre.localeCompare(a.nombre));
}

/** A Spanish reason for an FTP failure (never including the credentials). */
export function ftpReason(err: unknown): string {
  const code = (err as { code?: unknown }).code;
  const message = (err as Error).message ?? String(err);
  if (code === 530 || /^530/.test(message))
    return 'El servidor FTP de AECOC rechazó el usuario o la contraseña';
  if (code === 'ECONNREFUSED' || /ECONNREFUSED/.test(message))
    return 'El servidor FTP de AECOC no acepta conexiones';
  if (/timeout/i.test(message)) return 'El servidor FTP de AECOC no responde';
  return `Error del servidor FTP de AECOC: ${message.replace(/PASS\s+\S+/gi, 'PASS ***')}`;
}

async function connect(config: FtpConfig): Promise<Client> {
  const client = new Client(20_000);
  await client.access({
    host: config.host,
    port: config.port,
    user: config.user,
    password: config.password,
    secure: config.secure,
  });
  return client;
}

export async function uploadFile(config: FtpConfig, localFile: string, remoteName: string): Promise<void> {
  const client = await connect(config);
  try {
    await client.ensureDir(config.dir);
    await client.uploadFrom(localFile, path.posix.basename(remoteName));
  } finally {
    client.close();
  }
}

export interface ResponseFile extends LocalFile {
  contenido: string;
}

const MAX_RESPONSE_BYTES = 256 * 1024;

/** The response files the FTP server left in the response folder, with their text (first 256 KiB). */
export async function fetchResponses(config: FtpConfig): Promise<ResponseFile[]> {
  const client = await connect(config);
  try {
    let entries;
    try {
      entries = await client.list(config.responseDir);
    } catch (err) {
      if ((err as { code?: unknown }).code === 550) return [];
      throw err;
    }
    const files: ResponseFile[] = [];
    for (const entry of entries.filter((e) => e.isFile)) {
      const chunks: Buffer[] = [];
      let size = 0;
      const sink = new Writable({
        write(chunk: Buffer, _enc, done) {
          if (size < MAX_RESPONSE_BYTES) chunks.push(chunk);
          size += chunk.length;
          done();
        },
      });
      await client.downloadTo(sink, path.posix.join(config.responseDir, entry.name));
      files.push({
        nombre: entry.name,
        tamano: entry.size,
        fecha: entry.modifiedAt?.toISOString() ?? entry.rawModifiedAt ?? '',
        contenido: Buffer.concat(chunks).subarray(0, MAX_RESPONSE_BYTES).toString('utf8'),
      });
    }
    return files.sort((a, b) => b.fecha.localeCompare(a.fecha) || b.nombre.localeCompare(a.nombre));
  } finally {
    client.close();
  }
}
