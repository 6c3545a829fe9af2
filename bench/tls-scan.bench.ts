/**
 * TLS scan: a full scan (every protocol, every suite, groups, SCSV, chain, HSTS) of loopback
 * servers: median time of several scans, and scans per minute with 4 scans in flight.
 */
import { scanTls } from '../apps/scanner/src/tls/index.js';
import { makeCert } from '../apps/scanner/src/tls/testing/certs.js';
import { startHttpsServer, startOpensslServer, type RunningServer } from '../apps/scanner/src/tls/testing/servers.js';
import type { BenchResult } from './run.js';

const policy = { allowPrivate: true, dnsServers: [] };
const RUNS = 9;
const THROUGHPUT_SCANS = 24;
const CONCURRENCY = 4;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function timeScans(port: number): Promise<{ median: number; max: number; grade: string }> {
  await scanTls({ host: 'localhost', port, policy }); // warm-up
  const times: number[] = [];
  let grade = '';
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const report = await scanTls({ host: 'localhost', port, policy });
    times.push(performance.now() - started);
    grade = `${report.grade} (as if trusted ${report.grade_trust_ignored ?? report.grade}), ${report.protocols.filter((p) => p.supported).length} protocols, ${Object.values(report.cipher_suites).flat().length} suites`;
  }
  return { median: median(times), max: Math.max(...times), grade };
}

async function throughput(port: number): Promise<number> {
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < THROUGHPUT_SCANS) {
      next++;
      await scanTls({ host: 'localhost', port, policy });
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return (THROUGHPUT_SCANS / (performance.now() - started)) * 60_000;
}

export default async function bench(): Promise<BenchResult> {
  const cert = await makeCert({ cn: 'localhost' });
  const lines: string[] = [];
  const servers: [string, () => Promise<RunningServer>][] = [
    ['node:https TLS 1.2+1.3, in process', () => startHttpsServer(cert, { hsts: 'max-age=31536000', honorCipherOrder: true })],
    [
      'openssl s_server TLS 1.0-1.3, child process',
      () => startOpensslServer(cert, ['-min_protocol', 'TLSv1', '-cipher', 'DEFAULT:@SECLEVEL=0', '-serverpref']),
    ],
  ];
  for (const [label, start] of servers) {
    const server = await start();
    try {
      const before = server.connections();
      const t = await timeScans(server.port);
      const after = server.connections();
      const perScan = before !== null && after !== null ? ` (${Math.round((after - before) / (RUNS + 1))} TCP connections per scan)` : '';
      lines.push(`${label}: full scan median ${t.median.toFixed(0)} ms, max ${t.max.toFixed(0)} ms over ${RUNS} scans${perScan}; ${t.grade}`);
      lines.push(`${label}: ${(await throughput(server.port)).toFixed(0)} scans/minute at concurrency ${CONCURRENCY} (${THROUGHPUT_SCANS} scans)`);
    } finally {
      await server.close();
    }
  }
  lines.push('target: full scan of a loopback server <= 2 s');
  return { name: 'TLS scan (apps/scanner/src/tls)', lines };
}
