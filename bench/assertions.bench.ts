/**
 * Assertions of http monitors: the CPU cost of judging one check's response, per condition
 * kind, against the baseline the probe already pays (expected status code and a substring
 * search for expected_content over the same body), measured in the same run. Bodies: a 2 KiB
 * and a 256 KiB JSON document. Pure computation, no network: what a check adds to the
 * checker's event loop.
 */
import { performance } from 'node:perf_hooks';
import { ASSERTION_TIME_BOUND_MS, evaluateAssertions, type Assertion, type AssertionSubject } from '@vigil/core';
import { runBounded } from '../packages/core/src/monitors/assertions/bounded-run.js';
import type { BenchResult } from './run.js';

function body(items: number): Buffer {
  return Buffer.from(
    JSON.stringify({
      status: 'ok',
      version: '2.4.1',
      checks: Array.from({ length: items }, (_, i) => ({ name: `component-${i}`, status: 'ok', latency_ms: i % 97 })),
    }),
  );
}

function subject(b: Buffer): AssertionSubject {
  return {
    statusCode: 200,
    responseTimeMs: 87,
    headers: { 'content-type': 'application/json; charset=utf-8', server: 'nginx/1.25.3' },
    body: b,
    bodyTruncated: false,
    certificateExpiresAt: new Date(Date.now() + 40 * 86_400_000),
    now: new Date(),
  };
}

/** The probe's own judging today: status in the expected list, expected_content found. */
function baseline(s: AssertionSubject): boolean {
  return [200, 201, 204].includes(s.statusCode) && s.body.includes('"status":"ok"', 0, 'utf8');
}

const CASES: [string, Assertion[]][] = [
  ['status + response time + certificate', [
    { source: 'status_code', operator: 'less_than', value: 400 },
    { source: 'response_time', operator: 'less_than', value: 2000 },
    { source: 'certificate_expiry', operator: 'greater_than', value: 14 },
  ]],
  ['header contains', [{ source: 'header', name: 'content-type', operator: 'contains', value: 'json' }]],
  ['header matches (regex, time-bounded)', [{ source: 'header', name: 'server', operator: 'matches', value: '^nginx/1\\.' }]],
  ['body contains', [{ source: 'body', operator: 'contains', value: '"status":"ok"' }]],
  ['body matches (regex, time-bounded)', [{ source: 'body', operator: 'matches', value: '"version":"2\\.\\d+\\.\\d+"' }]],
  ['json_path $.status equals', [{ source: 'json_path', path: '$.status', operator: 'equals', value: 'ok' }]],
  ['json_path filter not_exists', [{ source: 'json_path', path: '$.checks[?@.status != "ok"]', operator: 'not_exists' }]],
];

function opsPerSecond(fn: () => unknown, minMs = 400): number {
  for (let i = 0; i < 50; i++) fn();
  let n = 0;
  const started = performance.now();
  while (performance.now() - started < minMs) {
    for (let i = 0; i < 20; i++) fn();
    n += 20;
  }
  return n / ((performance.now() - started) / 1000);
}

export default async function assertionsBench(): Promise<BenchResult> {
  const lines: string[] = [];
  const watchdog = opsPerSecond(() => runBounded(() => 0, ASSERTION_TIME_BOUND_MS));
  lines.push(`fixed price of the time bound (one vm run with a watchdog, doing nothing): ${(1e6 / watchdog).toFixed(1)} µs per check`);
  for (const [label, b] of [['2 KiB body', body(20)], ['256 KiB body', body(3000)]] as const) {
    const s = subject(b);
    const base = opsPerSecond(() => baseline(s));
    lines.push(`${label} (${b.length} bytes): baseline (expected status + expected_content) ${Math.round(base).toLocaleString('en')} checks/s, ${(1e6 / base).toFixed(2)} µs each`);
    for (const [name, assertions] of CASES) {
      if (evaluateAssertions(assertions, s).length) throw new Error(`bench case fails: ${name}`);
      const ops = opsPerSecond(() => evaluateAssertions(assertions, s));
      lines.push(`  ${name}: ${Math.round(ops).toLocaleString('en')} checks/s, ${(1e6 / ops).toFixed(1)} µs each, ${(base / ops).toFixed(1)}× the baseline's cost`);
    }
    const parse = opsPerSecond(() => JSON.parse(b.toString('utf8')));
    lines.push(`  for reference, JSON.parse of the body alone: ${(1e6 / parse).toFixed(1)} µs`);
    const all = CASES.flatMap(([, a]) => a);
    const ops = opsPerSecond(() => evaluateAssertions(all, s));
    lines.push(`  all ${all.length} together: ${Math.round(ops).toLocaleString('en')} checks/s, ${(1e6 / ops).toFixed(1)} µs each, ${(base / ops).toFixed(1)}× the baseline's cost`);
  }
  return { name: 'HTTP assertions: evaluation cost per check vs the probe\'s own judging', lines };
}
