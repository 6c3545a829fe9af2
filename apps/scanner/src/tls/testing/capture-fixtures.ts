/**
 * Regenerates wire/fixtures/openssl-captures.json: sends fixed ClientHellos to a local
 * `openssl s_server` and stores the exact bytes both ways. Run once by hand:
 *   npx tsx apps/scanner/src/tls/testing/capture-fixtures.ts
 * The wire tests then check the builder and the parser against these real bytes.
 */
import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildClientHello, keySharePublicKey, type ClientHelloOptions } from '../wire/client-hello.js';
import { parseServerFlight } from '../wire/server-response.js';
import { makeCert } from './certs.js';
import { startOpensslServer } from './servers.js';

interface Case {
  name: string;
  serverArgs: string[];
  hello: Omit<ClientHelloOptions, 'random' | 'sessionId' | 'keyShares'>;
  untilServerHello?: boolean;
}

const RANDOM = Buffer.alloc(32, 0xa5);
const SESSION_ID = Buffer.alloc(32, 0x5a);
const X25519 = 0x001d;

const cases: Case[] = [
  {
    name: 'tls12_ecdhe_rsa',
    serverArgs: ['-tls1_2', '-cipher', 'ECDHE-RSA-AES128-GCM-SHA256:AES256-SHA'],
    hello: { protocol: 'TLSv1.2', cipherSuites: [0xc02f, 0x0035], serverName: 'localhost', alpn: ['h2', 'http/1.1'] },
  },
  {
    name: 'tls12_dhe_rsa',
    serverArgs: ['-tls1_2', '-cipher', 'DHE-RSA-AES256-GCM-SHA384'],
    hello: { protocol: 'TLSv1.2', cipherSuites: [0x009f], serverName: 'localhost' },
  },
  {
    name: 'tls13_server_hello',
    serverArgs: ['-tls1_3'],
    hello: { protocol: 'TLSv1.3', cipherSuites: [0x1301, 0x1302, 0x1303], serverName: 'localhost' },
    untilServerHello: true,
  },
  {
    name: 'tls13_hello_retry_request',
    serverArgs: ['-tls1_3', '-groups', 'P-384'],
    hello: { protocol: 'TLSv1.3', cipherSuites: [0x1302], serverName: 'localhost', groups: [X25519, 0x0018] },
    untilServerHello: true,
  },
  {
    name: 'protocol_version_alert',
    serverArgs: ['-tls1_2'],
    hello: { protocol: 'TLSv1.0', cipherSuites: [0xc013, 0x002f], serverName: 'localhost' },
  },
  {
    name: 'inappropriate_fallback_alert',
    serverArgs: ['-min_protocol', 'TLSv1.1', '-max_protocol', 'TLSv1.2', '-cipher', 'DEFAULT:@SECLEVEL=0'],
    hello: { protocol: 'TLSv1.1', cipherSuites: [0xc013], serverName: 'localhost', fallbackScsv: true },
  },
];

async function exchange(port: number, hello: Buffer, untilServerHello: boolean): Promise<Buffer> {
  return await new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(port, '127.0.0.1', () => socket.write(hello));
    const done = () => {
      socket.destroy();
      resolve(Buffer.concat(chunks));
    };
    socket.on('data', (c: Buffer) => {
      chunks.push(c);
      if (parseServerFlight(Buffer.concat(chunks), { untilServerHello }).complete) done();
    });
    socket.on('close', done);
    socket.on('error', reject);
  });
}

const cert = await makeCert({ cn: 'localhost' });
const out: Record<string, unknown> = {
  openssl: execFileSync('openssl', ['version']).toString().trim(),
  certificate_der: cert.der.toString('hex'),
  random: RANDOM.toString('hex'),
  session_id: SESSION_ID.toString('hex'),
  x25519_key_share: keySharePublicKey(X25519)?.toString('hex'),
  cases: {},
};
for (const c of cases) {
  const server = await startOpensslServer(cert, c.serverArgs);
  try {
    const keyShares = new Map([[X25519, keySharePublicKey(X25519) as Buffer]]);
    const hello = buildClientHello({ ...c.hello, random: RANDOM, sessionId: c.hello.protocol === 'TLSv1.3' ? SESSION_ID : Buffer.alloc(0), keyShares });
    const response = await exchange(server.port, hello, c.untilServerHello ?? false);
    (out.cases as Record<string, unknown>)[c.name] = {
      server_args: c.serverArgs,
      hello_options: c.hello,
      client_hello: hello.toString('hex'),
      server_response: response.toString('hex'),
    };
  } finally {
    await server.close();
  }
}
const file = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'wire', 'fixtures', 'openssl-captures.json');
await writeFile(file, JSON.stringify(out, null, 2) + '\n');
process.stdout.write(`wrote ${file}\n`);
