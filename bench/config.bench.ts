/**
 * Monitoring as code at the size of a large account: a document of 1,000 http monitors (each
 * with an escalation to one of 10 integrations), planned and applied through the API in-process
 * (supertest: auth, limits, JSON), on a fresh database. Targets (issue 32): plan <= 2 s, apply
 * <= 10 s. Measured: the plan of the empty account (1,000 creates), the apply (one transaction,
 * then the after-commit schedules and first checks), the plan afterwards (1,000 unchanged), and
 * an apply changing 100 of them.
 *
 * Env: BENCH_CONFIG_MONITORS (1000).
 */
import { performance } from 'node:perf_hooks';
import request from 'supertest';
import { createAccount } from '@vigil/core';
import type { BenchResult } from './run.js';
import { apiBenchContext } from './support.js';
import { createApp } from '../apps/api/src/app.js';

const MONITORS = Number(process.env.BENCH_CONFIG_MONITORS ?? 1000);

function document(interval: (i: number) => number) {
  return {
    integrations: Array.from({ length: 10 }, (_, i) => ({ key: `hook-${i}`, type: 'webhook', name: `Hook ${i}`, config: { url: `https://hooks.bench.example/${i}`, secret: `whsec_bench-secret-${i}` } })),
    monitors: Array.from({ length: MONITORS }, (_, i) => ({
      key: `m-${i}`,
      name: `Service ${i}`,
      url: `https://svc-${i}.bench.example/health`,
      check_interval: interval(i),
      headers: { Authorization: `Bearer bench-token-${i}` },
      escalation: [{ after_minutes: 10, integration_ids: [`hook-${i % 10}`] }],
    })),
  };
}

export default async function configBench(): Promise<BenchResult> {
  const { ctx, close } = await apiBenchContext('config');
  try {
    const { apiKey } = await createAccount(ctx.db, { email: 'config@bench.example', tier: 'enterprise' }, new Date());
    const app = createApp(ctx);
    const timed = async (label: string, path: string, body: unknown) => {
      const started = performance.now();
      const res = await request(app).post(path).set('Authorization', `Bearer ${apiKey}`).send(body as object);
      const ms = performance.now() - started;
      if (res.status !== 200) throw new Error(`${label}: ${res.status} ${JSON.stringify(res.body)}`);
      const s = res.body.summary as Record<string, number>;
      return { line: `${label}: ${(ms / 1000).toFixed(2)} s (create ${s.create}, update ${s.update}, unchanged ${s.unchanged})`, bytes: JSON.stringify(body).length };
    };
    const initial = document(() => 300);
    const plan = await timed('plan, empty account', '/api/v1/config/plan', initial);
    const apply = await timed('apply, empty account', '/api/v1/config/apply', initial);
    const replan = await timed('plan after apply', '/api/v1/config/plan', initial);
    const changed = document((i) => (i % 10 === 0 ? 600 : 300));
    const replanChanged = await timed('plan, 100 changed', '/api/v1/config/plan', changed);
    const update = await timed('apply, 100 changed', '/api/v1/config/apply', changed);
    return {
      name: `config plan and apply of ${MONITORS} monitors and 10 integrations (document ${(plan.bytes / 1024).toFixed(0)} KiB)`,
      lines: [plan.line, apply.line, replan.line, replanChanged.line, update.line],
    };
  } finally {
    await close();
  }
}
