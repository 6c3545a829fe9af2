/**
 * A public status page over a long incident history (issue 35: bounded work on every path).
 *
 * Two accounts, a page each of 5 monitors each with 90 days of hourly rollups: on the quiet page
 * the fixture's two incidents; on the flapping page one monitor was down one minute in every two
 * for the whole 90 days (64,800 incidents), with 5 updates on each of the newest 100. Each page
 * is built once (its finished days read), then 20 times in a row, its cache invalidated before
 * every request (rows, model, HTML, JSON and feed, gzip), in this process: the server time of
 * each build, the process's CPU per build and the longest event-loop delay meanwhile (what every
 * other request of the process waited at worst). Baseline: the quiet page, same run. Then the
 * same for the API's list of the flapping monitor's incidents (GET /uptime/monitors/{id}/incidents,
 * whose summary covers 30 days: 21,600 incidents) against a quiet monitor's. Env:
 * BENCH_STATUS_HISTORY_BUILDS (20).
 */
import { randomBytes } from 'node:crypto';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import request from 'supertest';
import { createAccount, type Context } from '@vigil/core';
import type { BenchResult } from './run.js';
import { apiBenchContext, listen } from './support.js';
import { createApp } from '../apps/api/src/app.js';
import { statusChanged } from '../apps/api/src/public-status/read-status-version.js';
import { seedStatusFixture } from '../test/support/status-fixture.js';

const BUILDS = Number(process.env.BENCH_STATUS_HISTORY_BUILDS ?? 20);
const FLAP_DAYS = 90;

async function seed(ctx: Context) {
  const account = () => createAccount(ctx.db, { email: `bench-${randomBytes(4).toString('hex')}@example.com`, tier: 'enterprise' }, new Date());
  const [quietOwner, owner] = [await account(), await account()];
  const now = new Date();
  const quiet = await seedStatusFixture(ctx, quietOwner.account.id, now, { monitors: 5, days: 90 });
  const flapping = await seedStatusFixture(ctx, owner.account.id, now, { monitors: 5, days: 90 });
  // Down one minute in every two, for 90 days, up to an hour ago.
  const from = new Date(now.getTime() - FLAP_DAYS * 86_400_000);
  const [{ n }] = (await ctx.db.query(
    `WITH ins AS (
       INSERT INTO incidents (monitor_id, account_id, status, started_at, resolved_at, duration_seconds, cause, affected_checks)
       SELECT $1, $2, 'resolved', $3::timestamptz + k * interval '2 minutes', $3::timestamptz + k * interval '2 minutes' + interval '1 minute', 60, 'Timeout', 1
         FROM generate_series(0, $4::int - 1) AS k
       RETURNING id, started_at)
     SELECT count(*)::int AS n FROM ins`,
    [flapping.monitorIds[2], owner.account.id, from, FLAP_DAYS * 720 - 30],
  )) as { n: number }[];
  await ctx.db.query(
    `INSERT INTO incident_updates (incident_id, account_id, status, message, created_at)
     SELECT i.id, $2, 'identified', 'Update ' || u, i.started_at + u * interval '1 second'
       FROM (SELECT id, started_at FROM incidents WHERE monitor_id = $1 ORDER BY started_at DESC LIMIT 100) i, generate_series(1, 5) AS u`,
    [flapping.monitorIds[2], owner.account.id],
  );
  await ctx.db.query('VACUUM ANALYZE incidents, incident_updates, monitor_rollup_hours');
  return { quietOwner, owner, quiet, flapping, incidents: n };
}

interface Builds {
  p50: number;
  max: number;
  cpuMs: number;
  loopMaxMs: number;
  bytes: number;
}

async function buildsOf(ctx: Context, accountId: number | null, url: string, builds = BUILDS, headers: Record<string, string> = {}): Promise<Builds> {
  const times: number[] = [];
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const cpu = process.cpuUsage();
  let bytes = 0;
  for (let i = 0; i < builds; i++) {
    if (accountId !== null) await statusChanged(ctx, accountId);
    const started = performance.now();
    bytes = (await (await fetch(url, { headers })).arrayBuffer()).byteLength;
    times.push(performance.now() - started);
  }
  const used = process.cpuUsage(cpu);
  loop.disable();
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(times.length / 2)], max: times[times.length - 1], cpuMs: (used.user + used.system) / 1000 / builds, loopMaxMs: loop.max / 1e6, bytes };
}

export default async function bench(): Promise<BenchResult> {
  const lines: string[] = [];
  const { ctx, close } = await apiBenchContext('statushist');
  try {
    const { quietOwner, owner, quiet, flapping, incidents } = await seed(ctx);
    const app = createApp(ctx);
    const create = async (apiKey: string, monitorIds: number[]) => {
      const res = await request(app)
        .post('/api/v1/status-pages')
        .set('Authorization', `Bearer ${apiKey}`)
        .send({ slug: `bench-${randomBytes(3).toString('hex')}`, title: 'Bench', sections: [{ title: 'All', monitor_ids: monitorIds }] });
      return res.body.status_page.slug as string;
    };
    const [quietSlug, flappingSlug] = [await create(quietOwner.apiKey, quiet.monitorIds), await create(owner.apiKey, flapping.monitorIds)];
    const api = await listen((req, res) => app(req, res));
    try {
      const fmt = (b: Builds) =>
        `server time p50 ${b.p50.toFixed(1)} ms, max ${b.max.toFixed(1)} ms; CPU ${b.cpuMs.toFixed(1)} ms a build; event loop blocked at most ${b.loopMaxMs.toFixed(1)} ms; HTML ${Math.round(b.bytes / 1024)} KiB`;
      // The first build of each page reads its finished days (then held for 10 minutes); then both are built BUILDS times more each, alike.
      const quietFirst = await buildsOf(ctx, quietOwner.account.id, `${api.url}/status/${quietSlug}`, 1);
      const flappingFirst = await buildsOf(ctx, owner.account.id, `${api.url}/status/${flappingSlug}`, 1);
      const q = await buildsOf(ctx, quietOwner.account.id, `${api.url}/status/${quietSlug}`);
      const f = await buildsOf(ctx, owner.account.id, `${api.url}/status/${flappingSlug}`);
      lines.push(`${BUILDS} full builds each (cache invalidated before every request), 5 monitors × 90 days a page`);
      lines.push(`  quiet page (2 incidents): ${fmt(q)}`);
      lines.push(`  flapping page (one monitor down a minute in every two for 90 days: ${incidents.toLocaleString('en')} incidents, 5 updates on each of the newest 100): ${fmt(f)}`);
      lines.push(`  flapping / quiet: server time p50 ${(f.p50 / q.p50).toFixed(2)} ×, CPU ${(f.cpuMs / q.cpuMs).toFixed(2)} ×`);
      lines.push(`  first build of each (finished days not yet held; the process's first builds): quiet ${quietFirst.max.toFixed(1)} ms, flapping ${flappingFirst.max.toFixed(1)} ms`);
      const incidentsOf = (apiKey: string, monitorId: number, builds = BUILDS) =>
        buildsOf(ctx, null, `${api.url}/api/v1/uptime/monitors/${monitorId}/incidents`, builds, { Authorization: `Bearer ${apiKey}` });
      await incidentsOf(quietOwner.apiKey, quiet.monitorIds[2], 1);
      await incidentsOf(owner.apiKey, flapping.monitorIds[2], 1);
      const qi = await incidentsOf(quietOwner.apiKey, quiet.monitorIds[2]);
      const fi = await incidentsOf(owner.apiKey, flapping.monitorIds[2]);
      const fmtList = (b: Builds) => `server time p50 ${b.p50.toFixed(1)} ms, max ${b.max.toFixed(1)} ms; CPU ${b.cpuMs.toFixed(1)} ms a request; event loop blocked at most ${b.loopMaxMs.toFixed(1)} ms`;
      lines.push(`GET /api/v1/uptime/monitors/{id}/incidents, ${BUILDS} requests each: quiet monitor ${fmtList(qi)}`);
      lines.push(`  the flapping monitor (21,600 incidents in the summary's 30 days): ${fmtList(fi)}; ${(fi.p50 / qi.p50).toFixed(2)} × the quiet one's time`);
    } finally {
      await api.close();
    }
  } finally {
    await close();
  }
  return { name: "status-history: a page over 90 days of a flapping monitor, and the monitor's incident list", lines };
}
