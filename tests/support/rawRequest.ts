/**
 * One request as it goes over the wire, its answer as it came: the path sent byte for byte (fetch would resolve
 * '..' and '%2e%2e' first), the body not decoded (fetch would decompress it and hide its size).
 */
import { request } from 'node:http';

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export const rawRequest = (
  baseUrl: string,
  rawPath: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<RawAnswer> => {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path: rawPath, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
};
