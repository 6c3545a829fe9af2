import pg from 'pg';
import { performance } from 'node:perf_hooks';
import { Account, DAY_MS, createContext, createLogger, dayStart, loadConfig } from '@vigil/core';
import { benchDatabase } from '../support.js';
import { recordChecks } from '../../apps/checker/src/persistence/record-checks.js';

let explain = false;
const times = new Map<string, { n: number; ms: number }>();
const orig = pg.Client.prototype.query;
// eslint-disable-next-line
(pg.Client.prototype as any).query = function (this: unknown, ...args: unknown[]) {
  const text = typeof args[0] === 'string' ? args[0] : '';
  if (explain && text.trimStart().startsWith(process.env.EXPLAIN ?? '-')) {
    // eslint-disable-next-line
    return (orig as any).call(this, 'EXPLAIN (ANALYZE, BUFFERS) ' + text, args[1]).then((r: any) => { console.log(r.rows.map((x: any) => x['QUERY PLAN']).join('\n')); return { rows: [] , command: 'SELECT'}; });
  }
  const key = text.replace(/\s+/g, ' ').slice(0, 60);
  const t = performance.now();
  // eslint-disable-next-line
  const r = (orig as any).apply(this, args);
  if (r && typeof r.then === 'function') r.then(() => { const e = times.get(key) ?? { n: 0, ms: 0 }; e.n++; e.ms += performance.now() - t; times.set(key, e); }, () => undefined);
  return r;
};
const MON = Number(process.env.M ?? 100000), BATCH = Number(process.env.B ?? 1000), BATCHES = Number(process.env.N ?? 60);
const db = await benchDatabase('prof');
const config = loadConfig({ ...process.env, DATABASE_URL: db.url, VIGIL_REDIS_PREFIX: '{h12prof}', LOG_LEVEL: 'error' });
const ctx = await createContext(config, { prepareDatabase: true, logger: createLogger({ level: 'error' }) });
try {
  if (process.env.FF) await ctx.db.query(`ALTER TABLE monitors SET (fillfactor = ${process.env.FF})`);
  if (process.env.RFF) await ctx.db.query(`ALTER TABLE monitor_rollups SET (fillfactor = ${process.env.RFF})`);
  const account = await ctx.db.getRepository(Account).save({ email: `p${Date.now()}@example.com`, tier: 'enterprise' });
  await ctx.db.query(`INSERT INTO monitors (account_id, name, url, normalized_url, check_interval, status) SELECT $1, 'bench ' || g, 'https://bench.example/' || g, 'https://bench.example/' || g, 60, 'up' FROM generate_series(1, $2::int) g`, [account.id, MON]);
  await ctx.db.query('VACUUM ANALYZE monitors');
  const start = dayStart(new Date()).getTime() + DAY_MS + 3600_000;
  times.clear();
  const cpu0 = process.cpuUsage(); const t0 = performance.now();
  let i = 0;
  for (let b = 0; b < BATCHES; b++) {
    const recs = [];
    for (let k = 0; k < BATCH; k++, i++) recs.push({ monitorId: 1 + (i % MON), jobKey: `repeat:monitor-${1 + (i % MON)}:${i}`, manual: false, result: { timestamp: new Date(start + Math.floor(i * 0.06)).toISOString(), status: 'success' as const, response_time_ms: 50 + (i % 200), status_code: 200 } });
    await recordChecks(ctx.db, recs);
  }
  const ms = performance.now() - t0; const cpu = process.cpuUsage(cpu0);
  if (process.env.EXPLAIN) { explain = true; const recs = []; for (let k = 0; k < BATCH; k++, i++) recs.push({ monitorId: 1 + (i % MON), jobKey: `x${i}`, manual: false, result: { timestamp: new Date(start + Math.floor(i * 0.06)).toISOString(), status: 'success' as const, response_time_ms: 5, status_code: 200 } }); await recordChecks(ctx.db, recs).catch((e) => console.log('explain run ended:', (e as Error).message)); explain = false; }
  console.log(`serial ${BATCHES}x${BATCH}: ${(i / ms * 1000).toFixed(0)} checks/s, wall ${ms.toFixed(0)} ms, node cpu ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms`);
  for (const [k, v] of [...times.entries()].sort((a, b) => b[1].ms - a[1].ms)) console.log(`${v.ms.toFixed(0).padStart(7)} ms ${String(v.n).padStart(5)}x  ${k}`);
} finally { await ctx.close(); await db.drop(); }
process.exit(0);
