import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDnsServer, type LoopbackDns } from '@vigil/testing';
import { main } from '../main.js';
import { isCidr } from './test-file.js';

const TOKEN = 'tok-from-the-ci-environment-7781';
const PASSWORD = 'pw-from-the-ci-environment-9923';

let site: http.Server;
let siteUrl: string;
let siteRequests = 0;
let tcp: net.Server;
let tcpPort: number;
let dns: LoopbackDns;
let dir: string;

beforeAll(async () => {
  // /health answers 200 and JSON only to the token the file names by ${env:API_TOKEN}.
  site = http.createServer((req, res) => {
    siteRequests += 1;
    if (req.url === '/broken') {
      res.writeHead(503).end('down');
      return;
    }
    const authorized = req.headers.authorization === `Bearer ${TOKEN}` || req.headers.authorization?.startsWith('Basic ');
    res.writeHead(authorized ? 200 : 401, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'ok', version: 3 }));
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  tcp = net.createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
  tcpPort = (tcp.address() as AddressInfo).port;
  dns = await startDnsServer({ 'svc.test': { A: ['93.184.215.15'] } });
  dir = await mkdtemp(join(tmpdir(), 'vigil-test-'));
});
afterAll(async () => {
  await new Promise((resolve) => site.close(resolve));
  await new Promise((resolve) => tcp.close(resolve));
  await dns.close();
});

const ENV = { API_TOKEN: TOKEN, SITE_PASSWORD: PASSWORD };

async function run(env: NodeJS.ProcessEnv, ...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const saved = { ...process.env };
  Object.assign(process.env, env);
  try {
    const code = await main(argv, { out: (t) => out.push(t), err: (t) => err.push(t) });
    return { code, out: out.join('\n'), err: err.join('\n') };
  } finally {
    for (const name of Object.keys(env)) {
      if (saved[name] === undefined) Reflect.deleteProperty(process.env, name);
      else process.env[name] = saved[name];
    }
  }
}

async function file(name: string, text: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, text);
  return path;
}

function document() {
  return `monitors:
  - key: api
    name: API health
    url: ${siteUrl}/health
    headers:
      Authorization: Bearer \${env:API_TOKEN}
    assertions:
      - source: json_path
        path: $.status
        operator: equals
        value: ok
  - key: wrong-version
    name: API version
    url: http://admin:\${env:SITE_PASSWORD}@127.0.0.1:${(site.address() as AddressInfo).port}/health
    assertions:
      - source: json_path
        path: $.version
        operator: equals
        value: 4
  - key: db
    name: Database
    type: tcp
    config: { host: 127.0.0.1, port: ${tcpPort} }
  - key: records
    name: DNS
    type: dns
    config: { name: svc.test, record_type: A, expected_values: [93.184.215.15], resolver: "${dns.server}" }
  - key: backup
    name: Nightly backup
    type: heartbeat
    config: { cron: "0 3 * * *", grace: 600 }
`;
}

describe('vigil test', () => {
  it('runs the http, tcp and dns monitors once and prints pass or fail with timings; a failing assertion exits 1', async () => {
    const res = await run(ENV, 'test', '-f', await file('vigil.yaml', document()), '--allow-cidr', '127.0.0.0/8');
    expect(res.err).toBe('');
    expect(res.code).toBe(1);
    const lines = res.out.split('\n');
    expect(lines[0]).toMatch(new RegExp(`^PASS  api \\(http ${siteUrl}/health\\): 200 in \\d+ ms \\((dns \\d+ ms, )?connect \\d+ ms, first byte \\d+ ms, download \\d+ ms\\)$`));
    // Judged as the checker judges it: the same assertion text.
    expect(lines[1]).toMatch(/^FAIL {2}wrong-version \(http http:\/\/\S+\/health\): Assertion failed: json \$\.version equals 4 \(got 3\) \(200 in \d+ ms/);
    expect(lines[2]).toMatch(new RegExp(`^PASS  db \\(tcp 127.0.0.1:${tcpPort}\\): in \\d+ ms$`));
    expect(lines[3]).toMatch(/^PASS {2}records \(dns svc\.test A\): in \d+ ms$/);
    expect(lines[4]).toBe('SKIP  backup (heartbeat): a heartbeat monitor is not tested from here (http, tcp and dns are)');
    expect(lines[5]).toBe('Tested 5 monitors: 3 passed, 1 failed, 0 errors, 1 skipped.');
    // The ${env:...} values reached the target (the token: 200), and are never printed.
    expect(res.out).not.toContain(TOKEN);
    expect(res.out).not.toContain(PASSWORD);
  });

  it('--only runs the monitors named (exit 0 when they pass); a key the file lacks is an error', async () => {
    const path = await file('only.yaml', document());
    const only = await run(ENV, 'test', '-f', path, '--only', 'api', '--only', 'db', '--allow-cidr', '127.0.0.1/32');
    expect(only.code).toBe(0);
    expect(only.out.split('\n').map((l) => l.split(' (')[0])).toEqual(['PASS  api', 'PASS  db', 'Tested 2 monitors: 2 passed, 0 failed, 0 errors, 0 skipped.']);
    expect(await run(ENV, 'test', '-f', path, '--only', 'nope')).toMatchObject({ code: 1, err: 'vigil: --only nope: the file has no monitor with this key' });
  });

  it('refuses a private target without --allow-cidr (public addresses only, like a public location): nothing connects', async () => {
    const before = siteRequests;
    const res = await run(ENV, 'test', '-f', await file('private.yaml', document()), '--only', 'api', '--only', 'db', '--only', 'records');
    expect(res.code).toBe(1);
    const [api, db, records] = res.out.split('\n');
    for (const l of [api, db, records]) {
      expect(l).toMatch(/^FAIL {2}/);
      expect(l).toContain('--allow-cidr');
      expect(l).not.toContain('VIGIL_ALLOW_PRIVATE_TARGETS');
    }
    expect(api).toContain('Blocked private address');
    expect(siteRequests).toBe(before);
    // Another network allowed is not this one.
    const other = await run(ENV, 'test', '-f', await file('other.yaml', document()), '--only', 'api', '--allow-cidr', '10.0.0.0/8');
    expect(other.out).toContain('Blocked private address');
    expect(siteRequests).toBe(before);
  });

  it('--json prints one line of results; secrets stay out of it', async () => {
    const res = await run(ENV, 'test', '-f', await file('json.yaml', document()), '--only', 'wrong-version', '--allow-cidr', '127.0.0.0/8', '--json');
    expect(res.code).toBe(1);
    const answer = JSON.parse(res.out) as { results: { key: string; outcome: string; target: string; status_code: number }[]; summary: Record<string, number> };
    expect(answer.results).toEqual([expect.objectContaining({ key: 'wrong-version', outcome: 'fail', status_code: 200 })]);
    expect(answer.results[0].target).not.toContain(PASSWORD);
    expect(answer.summary).toEqual({ passed: 0, failed: 1, errors: 0, skipped: 0 });
  });

  it('exits 1 on an entry it cannot run, a missing variable, a bad network; a failing status is a failure', async () => {
    const bad = await run(ENV, 'test', '-f', await file('bad.yaml', `monitors:\n  - key: x\n    url: ftp://example.com/\n  - key: down\n    url: ${siteUrl}/broken\n`), '--allow-cidr', '127.0.0.0/8');
    expect(bad.code).toBe(1);
    expect(bad.out.split('\n')[0]).toBe('ERROR x (http ftp://example.com/): Invalid URL');
    expect(bad.out.split('\n')[1]).toMatch(/^FAIL {2}down \(http \S+\/broken\): Unexpected status code 503 Service Unavailable \(503 in \d+ ms/);
    const unset = await run({}, 'test', '-f', await file('unset.yaml', 'monitors:\n  - key: a\n    url: https://a.example/${env:NOT_SET_ANYWHERE}\n'));
    expect(unset).toMatchObject({ code: 1, err: 'vigil: monitors[0].url: ${env:NOT_SET_ANYWHERE} is not set in the environment' });
    expect(await run({}, 'test', '-f', await file('empty.yaml', 'monitors: []\n'), '--allow-cidr', '127.0.0.1')).toMatchObject({
      code: 1,
      err: 'vigil: --allow-cidr 127.0.0.1: not a network in CIDR notation (e.g. 10.0.0.0/8 or fd00::/8)',
    });
    expect((await run({}, 'test')).code).toBe(1);
  });

  it('documents itself in the help', async () => {
    const help = await run({}, 'test', '--help');
    expect(help.code).toBe(0);
    expect(help.out).toContain('test -f vigil.yaml [--only KEY]... [--allow-cidr CIDR]...');
  });
});

describe('--allow-cidr networks', () => {
  it.each([
    ['127.0.0.0/8', true],
    ['10.20.0.0/16', true],
    ['fd00::/8', true],
    ['0.0.0.0/0', true],
    ['10.0.0.0/33', false],
    ['10.0.0.0', false],
    ['10.0.0.0/8/1', false],
    ['office/8', false],
    ['fd00::/129', false],
  ])('%s: %p', (cidr, valid) => {
    expect(isCidr(cidr)).toBe(valid);
  });
});
