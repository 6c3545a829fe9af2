/**
 * Serialising the answer of GET /api/v1/uptime/monitors (a page of 20 monitors with summary
 * and pagination) with the serializer compiled from its response schema (fast-json-stringify,
 * what send() uses) against JSON.stringify (what res.json used), in one process, alternating
 * rounds so both see the same load. Pure CPU: no database, no HTTP.
 *
 * Env: BENCH_SERIALIZE_ITERATIONS (20000 per round), BENCH_SERIALIZE_ROUNDS (7).
 */
import os from 'node:os';
import type { Static } from '@sinclair/typebox';
import type { BenchResult } from './run.js';
import { compileSerializer } from '../apps/api/src/http/serialize.js';
import { MonitorListSchema } from '../apps/api/src/monitors/monitor.schema.js';

const ITERATIONS = Number(process.env.BENCH_SERIALIZE_ITERATIONS ?? 20_000);
const ROUNDS = Number(process.env.BENCH_SERIALIZE_ROUNDS ?? 7);

function monitorList(): Static<typeof MonitorListSchema> {
  const at = (minutes: number) => new Date(Date.UTC(2026, 10, 26, 12, 0) - minutes * 60_000).toISOString();
  return {
    monitors: Array.from({ length: 20 }, (_, i) => ({
      id: 1000 + i,
      name: `Service ${i} health "check"`,
      type: 'http' as const,
      url: `https://service-${i}.example.com/health?region=eu&probe=${i}`,
      method: 'GET',
      status: i % 7 === 0 ? ('down' as const) : ('up' as const),
      check_interval: 60,
      timeout: 30,
      is_active: true,
      last_check: i === 3 ? null : at(i),
      last_response_time_ms: i === 3 ? null : 120 + i * 7,
      uptime_24h: 99.861 - i / 100,
      uptime_7d: 99.92,
      uptime_30d: i === 5 ? null : 99.954,
      in_maintenance: i === 9,
      created_at: at(60 * 24 * 30),
      updated_at: at(60),
    })),
    summary: { total: 20, up: 17, down: 3, degraded: 0, paused: 0, pending: 0 },
    pagination: { page: 1, per_page: 20, total: 20, pages: 1 },
  };
}

/** ns per call over one round. */
function round(fn: (body: unknown) => string, body: unknown): number {
  let bytes = 0;
  const start = process.hrtime.bigint();
  for (let i = 0; i < ITERATIONS; i++) bytes += fn(body).length;
  const ns = Number(process.hrtime.bigint() - start) / ITERATIONS;
  if (bytes === 0) throw new Error('nothing serialised');
  return ns;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export default async function serializeBench(): Promise<BenchResult> {
  const body = monitorList();
  const compiled = compileSerializer(MonitorListSchema, 'GET /api/v1/uptime/monitors 200');
  if (JSON.stringify(JSON.parse(compiled(body))) !== JSON.stringify(body)) throw new Error('the compiled serializer does not write the same answer');
  const load = os.loadavg().map((l) => l.toFixed(2)).join(' ');
  round(compiled, body);
  round(JSON.stringify, body);
  const fast: number[] = [];
  const plain: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    fast.push(round(compiled, body));
    plain.push(round(JSON.stringify, body));
  }
  const [f, p] = [median(fast), median(plain)];
  return {
    name: 'serialize: 20-monitor list, compiled schema serializer vs JSON.stringify',
    lines: [
      `body: ${Buffer.byteLength(compiled(body))} bytes; ${ROUNDS} alternating rounds of ${ITERATIONS} calls`,
      `fast-json-stringify (compiled from MonitorListSchema): median ${(f / 1000).toFixed(2)} µs per answer (rounds ${fast.map((x) => (x / 1000).toFixed(1)).join(', ')})`,
      `JSON.stringify: median ${(p / 1000).toFixed(2)} µs per answer (rounds ${plain.map((x) => (x / 1000).toFixed(1)).join(', ')})`,
      `ratio JSON.stringify / compiled: ${(p / f).toFixed(2)}x`,
      `load average before: ${load}; after: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`,
    ],
  };
}
