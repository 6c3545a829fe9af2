import { AlertDelivery, Incident, JobName } from '@vigil/core';
import { createTestAccount, createTestContext, startVigilProcess, waitFor, type TestContext, type VigilProcess, startReceiver, type Receiver } from '@vigil/testing';
import { alertEvent, downData, insertIncident, insertMonitor, webhookIntegration } from './testing/fixtures.js';

/**
 * Two notifier OS processes (`vigil start notifier`, the compiled CLI: `npm run build` first),
 * 5 jobs each at a time, sharing this file's database and Redis prefix. A loopback webhook
 * receiver holds every request until one notifier was killed with SIGKILL: the deliveries that
 * notifier had sent were received but never recorded.
 */
const DELIVERIES = 10;
const CONCURRENCY = 5;

let ctx: TestContext;
let receiver: Receiver;
const notifiers: VigilProcess[] = [];
let releaseHeld: () => void = () => undefined;
const held = new Promise<void>((resolve) => (releaseHeld = resolve));
let killedAt = Number.POSITIVE_INFINITY;
const receivedAt: number[] = [];

function startNotifier() {
  return startVigilProcess(['start', 'notifier'], {
    NODE_ENV: 'test',
    DATABASE_URL: ctx.config.databaseUrl,
    DATABASE_POOL_SIZE: '5',
    REDIS_URL: ctx.config.redisUrl,
    VIGIL_REDIS_PREFIX: ctx.config.redisPrefix,
    VIGIL_SECRET_KEY: ctx.config.secretKey,
    VIGIL_SHUTDOWN_TIMEOUT_MS: '5000',
    NOTIFIER_HEALTH_PORT: '0',
    NOTIFIER_CONCURRENCY: String(CONCURRENCY),
    // One account's deliveries fill every slot here (this file is about failover, not fairness).
    NOTIFIER_ACCOUNT_CONCURRENCY: String(CONCURRENCY),
    VIGIL_ALLOW_PRIVATE_TARGETS: 'true',
    LOG_LEVEL: 'info',
  }).then((p) => void notifiers.push(p));
}

beforeAll(async () => {
  ctx = await createTestContext({ env: { VIGIL_ALLOW_PRIVATE_TARGETS: 'true' } });
  receiver = await startReceiver(() => {
    receivedAt.push(Date.now());
    return { status: 200, release: held };
  });
  await Promise.all([startNotifier(), startNotifier()]);
}, 40_000);

afterAll(async () => {
  releaseHeld();
  await Promise.all(notifiers.map((n) => n.stop()));
  await receiver.close();
  await ctx.teardown();
});

const webhookId = (i: number) => String(receiver.requests[i].headers['webhook-id']);

describe('a notifier killed between sending and recording', () => {
  it("has its deliveries re-sent by the other notifier with the same webhook-id, each delivery recorded once", async () => {
    const { account } = await createTestAccount(ctx);
    await webhookIntegration(ctx, account.id, `${receiver.url}/hook`, 'whsec_failover');
    const incidentIds: number[] = [];
    for (let i = 0; i < DELIVERIES; i++) {
      const monitor = { id: await insertMonitor(ctx, account.id), name: `API ${i}`, url: `https://api${i}.example.com/` };
      const incidentId = await insertIncident(ctx, account.id, monitor.id);
      incidentIds.push(incidentId);
      await ctx.queues.add(JobName.AlertEvent, alertEvent(account.id, { monitorId: monitor.id, incidentId, data: downData(monitor, incidentId) }));
    }
    // Every delivery sent and held: each notifier holds CONCURRENCY of them, unanswered.
    await waitFor(() => receiver.requests.length === DELIVERIES, { timeoutMs: 30_000, what: 'every delivery sent once' });
    killedAt = Date.now();
    await notifiers[0].kill();
    releaseHeld();

    // The killed notifier's deliveries come again, from the other one, after its locks expired.
    await waitFor(() => receiver.requests.length === DELIVERIES + CONCURRENCY, { timeoutMs: 60_000, what: "the killed notifier's deliveries re-sent" });
    const rows = await waitFor(
      async () => {
        const found = await ctx.db.getRepository(AlertDelivery).find({ where: { accountId: account.id }, order: { id: 'ASC' } });
        return found.length === DELIVERIES && found.every((r) => r.status === 'success') ? found : null;
      },
      { what: 'every delivery recorded' },
    );

    const first = receiver.requests.slice(0, DELIVERIES).map((_, i) => webhookId(i));
    const again = receiver.requests.slice(DELIVERIES).map((_, i) => webhookId(DELIVERIES + i));
    expect(new Set(first).size).toBe(DELIVERIES);
    // Re-sent: the same messages (same webhook-id, the event id), nothing else, each once.
    expect(new Set(again).size).toBe(CONCURRENCY);
    expect(again.every((id) => first.includes(id))).toBe(true);
    // Taken back within the lock (5 s) plus a stalled check (1.5 s), with room for a loaded host.
    const takenBackMs = Math.max(...receivedAt.slice(DELIVERIES)) - killedAt;
    expect(takenBackMs).toBeLessThan(20_000);

    // The delivery log counts each delivery once: its one attempt, completed by the re-run.
    expect(rows.map((r) => [r.attempt, r.status, r.responseCode])).toEqual(rows.map(() => [1, 'success', 200]));
    expect(new Set(rows.map((r) => r.eventId))).toEqual(new Set(first));
    const incidents = await ctx.db.getRepository(Incident).findBy(incidentIds.map((id) => ({ id })));
    expect(incidents.map((i) => i.alertsSent.length)).toEqual(incidents.map(() => 1));
    expect(notifiers[1].entries().filter((e) => e.message === 'stalled job taken back for another run')).toHaveLength(CONCURRENCY);
  }, 120_000);
});
