/**
 * Loopback HTTP and HTTPS servers for the header-check tests and benchmark. The HTTPS server
 * uses a self-signed certificate made with the openssl CLI (so it is untrusted on purpose).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface SelfSigned {
  key: string;
  cert: string;
}

export function selfSignedCertificate(commonName = 'localhost'): SelfSigned {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vigil-hdr-'));
  try {
    const key = path.join(dir, 'key.pem');
    const cert = path.join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
        '-keyout', key, '-out', cert, '-days', '2', '-subj', `/CN=${commonName}`,
        '-addext', `subjectAltName=DNS:${commonName},IP:127.0.0.1`,
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(key, 'utf8'), cert: readFileSync(cert, 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface TestServer {
  url: string;
  port: number;
  /** Requests received, by path. */
  hits: string[];
  close(): Promise<void>;
}

export type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

async function listen(server: http.Server, scheme: 'http' | 'https', hits: string[]): Promise<TestServer> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${scheme}://127.0.0.1:${port}/`,
    port,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export async function startHttpServer(handler: Handler): Promise<TestServer> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? '/');
    handler(req, res);
  });
  return listen(server, 'http', hits);
}

export async function startHttpsServer(handler: Handler, cert: SelfSigned = selfSignedCertificate()): Promise<TestServer> {
  const hits: string[] = [];
  const server = https.createServer({ key: cert.key, cert: cert.cert }, (req, res) => {
    hits.push(req.url ?? '/');
    handler(req, res);
  });
  return listen(server, 'https', hits);
}

/** Sends the given headers and a short body. Array values become repeated headers. */
export function respondWith(headers: Record<string, string | string[]>, status = 200): Handler {
  return (_req, res) => {
    res.writeHead(status, headers);
    res.end('<!doctype html><title>ok</title>');
  };
}
