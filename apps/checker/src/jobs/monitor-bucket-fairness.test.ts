/**
 * Per-account concurrency of scheduled checks: one account whose targets all hang (a loopback
 * tarpit that accepts and never answers) holds CHECKER_ACCOUNT_CONCURRENCY slots of the bucket
 * job, never all of CHECKER_CONCURRENCY, so another account's check in the same bucket starts on
 * time. Asserted by the order of the checks' starts, not by durations.
 */
import net from 'node:net';
import type { Job } from 'bullmq';
import {
  JobName,
  bucketDueOf,
  bucketOf,
  bucketRunJobId,
  createSecretBox,
  monitoredTiers,
  nextDueMs,
  upsertMonitorSchedule,
  type JobPayloads,
} from '@vigil/core';
import { createTestAccount, createTestContext, waitFor, type TestContext } from '@vigil/testing';
import { createMonitorLoader } from '../monitors/load-monitors.js';
import { createMonitorChecks } from '../monitors/monitor-checks.js';
import { startTargetServer, type TargetServer } from '../testing/target-server.js';
import { checksOf, createMonitor } from '../testing/monitors.js';
import { monitorBucketJob } from './monitor-bucket.job.js';

const EVERY = 60_000;
let ctx: TestContext;
let target: TargetServer;
let tarpit: net.Server;
const held = new Set<net.Socket>();

beforeAll(async () => {
  ctx = await createTestContext({ env: { VIGIL_ALLOW_PRIVATE_TARGETS: 'true', CHECKER_CONCURRENCY: '4', CHECKER_ACCOUNT_CONCURRENCY: '2' } });
  target = await startTargetServer();
  tarpit = net.createServer((socket) => {
    held.add(socket);
    socket.on('close', () => held.delete(socket));
  });
  await new Promise<void>((resolve) => tarpit.listen(0, '127.0.0.1', resolve));
});
const closeTarpit = async () => {
  for (const s of held) s.destroy();
  if (tarpit.listening) await new Promise((resolve) => tarpit.close(resolve));
};
afterAll(async () => {
  await closeTarpit();
  await target.close();
  await ctx.teardown();
});

it("an account whose 6 targets all hang holds 2 of the 4 slots: another account's check in the same bucket starts at once", async () => {
  const b = bucketOf(6_000_001, EVERY);
  const ids: number[] = [];
  for (let id = 6_000_001; ids.length < 7; id++) if (bucketOf(id, EVERY).slot === b.slot) ids.push(id);
  const now = Date.now();
  const latestDue = nextDueMs(ids[0], EVERY, now) - EVERY;
  const bucketDue = bucketDueOf(b, latestDue);
  // In due order: the hanging account's six first, the quiet account's last (it would queue behind them).
  ids.sort((x, y) => nextDueMs(x, EVERY, bucketDue - 1) - nextDueMs(y, EVERY, bucketDue - 1));
  const quietId = ids[6];
  const { account: hostile } = await createTestAccount(ctx, 'business');
  const { account: quiet } = await createTestAccount(ctx, 'business');
  const accountOf = new Map<number, string>();
  for (const id of ids) {
    const isQuiet = id === quietId;
    const url = isQuiet ? `${target.url}/ok` : `http://127.0.0.1:${(tarpit.address() as net.AddressInfo).port}/hang-${id}`;
    const m = await createMonitor(ctx, { url, status: 'up', checkInterval: 60, accountId: isQuiet ? quiet.id : hostile.id });
    await ctx.db.query('UPDATE monitors SET id = $1 WHERE id = $2', [id, m.id]);
    await upsertMonitorSchedule(ctx.queues, { id, checkInterval: 60 });
    accountOf.set(id, isQuiet ? 'quiet' : 'hostile');
  }

  const checks = createMonitorChecks(ctx);
  const starts: string[] = [];
  const loader = createMonitorLoader(ctx.db, createSecretBox(ctx.config.secretKey), monitoredTiers(ctx.config.tiers));
  const handler = monitorBucketJob(
    ctx,
    (req) => {
      starts.push(accountOf.get(req.monitorId) ?? 'other');
      return checks(req);
    },
    (members) => loader.accountsOf(members),
  );
  const job = (await ctx.queues.queueOf(JobName.MonitorBucket).add(JobName.MonitorBucket, b, { jobId: bucketRunJobId(b, bucketDue) })) as Job<
    JobPayloads[JobName.MonitorBucket]
  >;
  const run = handler(job.data, job);

  // The quiet account's check is recorded while the hostile account's still hang.
  const [quietCheck] = await waitFor(async () => ((await checksOf(ctx, quietId)).length ? checksOf(ctx, quietId) : undefined), { what: "the quiet account's check", timeoutMs: 20_000 });
  expect(quietCheck.status).toBe('success');
  expect(starts).toEqual(['hostile', 'hostile', 'quiet']);
  await waitFor(() => (held.size === 2 ? true : undefined), { what: 'two hanging connections' });
  expect(held.size).toBe(2);

  // The tarpit goes away: the hanging checks fail, the rest of the account's start, two at a time.
  await closeTarpit();
  expect(await run).toEqual({ checked: 7, skipped: 0, failed: 0 });
  expect(starts).toEqual(['hostile', 'hostile', 'quiet', 'hostile', 'hostile', 'hostile', 'hostile']);
  for (const id of ids.slice(0, 6)) expect((await checksOf(ctx, id)).map((c) => c.status)).toEqual(['failure']);
});
