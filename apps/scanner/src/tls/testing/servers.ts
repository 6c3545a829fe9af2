/** TLS servers for tests, on 127.0.0.1: node:https in process, `openssl s_server` as a child. */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestCert } from './certs.js';

export interface RunningServer {
  port: number;
  /** TCP connections accepted so far (node:https servers; null for openssl children). */
  connections(): number | null;
  close(): Promise<void>;
}

export interface HttpsServerOptions extends https.ServerOptions {
  /** Strict-Transport-Security value to send; none when absent. */
  hsts?: string;
  /** Bytes to staple as the OCSP response (clients do not validate them here). */
  ocspResponse?: Buffer;
}

/** An HTTPS server answering every request 200, with the given TLS options. */
export async function startHttpsServer(cert: TestCert, opts: HttpsServerOptions = {}): Promise<RunningServer> {
  const { hsts, ocspResponse, ...tlsOptions } = opts;
  const server = https.createServer({ key: cert.keyPem, cert: cert.certPem, ...tlsOptions }, (req, res) => {
    if (hsts) res.setHeader('Strict-Transport-Security', hsts);
    res.end('ok');
  });
  // Raw probes close mid-handshake on purpose; those errors are expected.
  server.on('tlsClientError', () => undefined);
  if (ocspResponse)
    server.on('OCSPRequest', (_cert: Buffer, _issuer: Buffer, done: (err: Error | null, response?: Buffer) => void) => done(null, ocspResponse));
  let accepted = 0;
  server.on('connection', () => accepted++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => accepted,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * `openssl s_server -www` with the certificate and extra arguments (e.g. -tls1_2, -cipher ...).
 * Resolves once it prints its ACCEPT line (bounded wait).
 */
export async function startOpensslServer(cert: TestCert, args: string[]): Promise<RunningServer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'vigil-sserver-'));
  const certFile = path.join(dir, 'cert.pem');
  const keyFile = path.join(dir, 'key.pem');
  await writeFile(certFile, cert.certPem);
  await writeFile(keyFile, cert.keyPem);
  const child = spawn('openssl', ['s_server', '-accept', '127.0.0.1:0', '-cert', certFile, '-key', keyFile, '-www', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`openssl s_server did not start: ${out}`));
    }, 10_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /ACCEPT\s+[^\s]*:(\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`openssl s_server exited (${code}): ${out}`));
    });
  });
  return {
    port,
    connections: () => null,
    close: async () => {
      child.kill();
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
