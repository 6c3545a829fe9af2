/**
 * Domain rescans at scale (issue 30): BENCH_DOMAINS (20,000) active domains, a quarter at each
 * frequency. In one run: the per-domain schedulers of earlier releases (one BullMQ job scheduler
 * `domain-<id>` each, written as those releases wrote them) against the interval buckets the
 * product uses now, which the reconciler builds from them (removing them) and again from an
 * empty Redis. Figures: Redis keys and bytes under the bench's prefix (MEMORY USAGE: ours alone on
 * a shared server), the scheduler runs Redis starts per hour, and the time each layout took to
 * write.
 */
import { FREQUENCY_MS, JobName, bucketOfSchedulerId, createAccount, readQueueSchedules, runInLanes, scheduleOffsetMs, SCHEDULED_JOB_OPTIONS, type Context } from '@vigil/core';
import { reconcileDomainSchedules } from '../apps/checker/src/jobs/reconcile-domain-schedules.job.js';
import type { BenchResult } from './run.js';
import { apiBenchContext, dropRedisKeys } from './support.js';

const DOMAINS = Number(process.env.BENCH_DOMAINS ?? 20_000);
const HOUR = 3_600_000;

/** Keys and bytes under the prefix. */
async function footprint(ctx: Context, prefix: string): Promise<{ keys: number; bytes: number }> {
  let cursor = '0';
  let keys = 0;
  let bytes = 0;
  do {
    const [next, batch] = await ctx.redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    cursor = next;
    const pipeline = ctx.redis.pipeline();
    for (const k of batch) pipeline.memory('USAGE', k);
    for (const [, v] of (await pipeline.exec()) ?? []) bytes += Number(v ?? 0);
    keys += batch.length;
  } while (cursor !== '0');
  return { keys, bytes };
}

/** Scheduler runs per hour of the scans queue's schedulers that `mine` selects. */
async function runsPerHour(ctx: Context, mine: (id: string) => boolean): Promise<{ schedulers: number; perHour: number }> {
  const found = await readQueueSchedules(ctx.redis, ctx.queues.queueOf(JobName.DomainBucket));
  const own = [...found.entries()].filter(([id]) => mine(id));
  return { schedulers: own.length, perHour: own.reduce((sum, [, s]) => sum + HOUR / s.everyMs, 0) };
}

const mb = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MB`;

export default async function run(): Promise<BenchResult> {
  const { ctx, prefix, close } = await apiBenchContext('dsch');
  const lines: string[] = [];
  try {
    const account = await createAccount(ctx.db, { email: 'bench-domains@example.com', tier: 'enterprise' }, new Date());
    await ctx.db.query(
      `INSERT INTO domains (account_id, hostname, port, monitoring_frequency)
       SELECT $1, 'd' || g || '.example', 443, (ARRAY['5min','15min','hourly','daily'])[1 + g % 4] FROM generate_series(1, $2) g`,
      [account.account.id, DOMAINS],
    );
    const rows = await ctx.db.query<{ id: number; monitoring_frequency: keyof typeof FREQUENCY_MS }[]>(`SELECT id, monitoring_frequency FROM domains`);
    const queue = ctx.queues.queueOf(JobName.DomainScan);
    await dropRedisKeys(ctx, prefix);

    let t = Date.now();
    await runInLanes(
      rows.map((d) => () => {
        const every = FREQUENCY_MS[d.monitoring_frequency];
        return queue.upsertJobScheduler(`domain-${d.id}`, { every, offset: scheduleOffsetMs(d.id, every) }, { name: JobName.DomainScan, data: { domainId: d.id }, opts: SCHEDULED_JOB_OPTIONS });
      }),
      200,
    );
    const legacyMs = Date.now() - t;
    const legacy = { ...(await footprint(ctx, prefix)), ...(await runsPerHour(ctx, (id) => id.startsWith('domain-'))) };

    t = Date.now();
    const moved = await reconcileDomainSchedules(ctx);
    const movedMs = Date.now() - t;
    await dropRedisKeys(ctx, prefix);
    t = Date.now();
    const fromEmpty = await reconcileDomainSchedules(ctx);
    const fromEmptyMs = Date.now() - t;
    t = Date.now();
    const settled = await reconcileDomainSchedules(ctx);
    const settledMs = Date.now() - t;
    const buckets = { ...(await footprint(ctx, prefix)), ...(await runsPerHour(ctx, (id) => bucketOfSchedulerId(id) !== null)) };

    lines.push(
      `${DOMAINS} active domains, a quarter each at 5min, 15min, hourly, daily`,
      `per-domain schedulers (earlier releases, baseline): ${legacy.schedulers} schedulers, ${Math.round(legacy.perHour)} scheduler runs/h, ${legacy.keys} keys, ${mb(legacy.bytes)}; written in ${(legacyMs / 1000).toFixed(1)} s (200 in flight)`,
      `interval buckets (now): ${buckets.schedulers} bucket schedulers, ${Math.round(buckets.perHour)} scheduler runs/h (${(buckets.perHour / legacy.perHour).toFixed(2)} ×), ${buckets.keys} keys, ${mb(buckets.bytes)} (${(buckets.bytes / legacy.bytes).toFixed(2)} ×)`,
      `reconciler: from the per-domain schedulers ${(movedMs / 1000).toFixed(1)} s (${moved.added} joined, ${moved.removed} removed), from an empty Redis ${(fromEmptyMs / 1000).toFixed(1)} s (${fromEmpty.added} joined), in step ${(settledMs / 1000).toFixed(2)} s (${settled.added} joined, ${settled.removed} removed)`,
    );
  } finally {
    await close();
  }
  return { name: 'Domain scheduling: per-domain schedulers against interval buckets', lines };
}
