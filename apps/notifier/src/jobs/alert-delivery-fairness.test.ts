/**
 * Per-account sending slots: an account whose receiver hangs holds NOTIFIER_ACCOUNT_CONCURRENCY
 * of the notifier's slots, its other deliveries go back to the queue (deferred, the same attempt),
 * and another account's alert is delivered on a free slot meanwhile. Real BullMQ worker, loopback
 * receivers; asserted by what was delivered while the receiver hung, not by time.
 */
import { AlertDelivery, JobName, QueueName, createWorkerApp, type AppProcess } from '@vigil/core';
import { createTestAccount, createTestContext, waitFor, type TestContext, startReceiver, type Receiver } from '@vigil/testing';
import { eventOf, webhookIntegration } from '../testing/fixtures.js';
import { ALERT_WORKER_SETTINGS } from '../delivery/retry-policy.js';
import { alertDeliveryJob } from './alert-delivery.job.js';
import { alertEventJob } from './alert-event.job.js';

let ctx: TestContext;
let worker: AppProcess;
const receivers: Receiver[] = [];
let release: () => void = () => undefined;
const hung = new Promise<void>((resolve) => (release = resolve));

beforeAll(async () => {
  ctx = await createTestContext({ env: { VIGIL_ALLOW_PRIVATE_TARGETS: 'true', NOTIFIER_CONCURRENCY: '2', NOTIFIER_ACCOUNT_CONCURRENCY: '1' } });
  worker = createWorkerApp(ctx, {
    app: 'notifier',
    concurrency: 2,
    healthPort: 0,
    settings: { [QueueName.Alerts]: ALERT_WORKER_SETTINGS },
    handlers: { [QueueName.Alerts]: { [JobName.AlertEvent]: alertEventJob(ctx), [JobName.AlertDelivery]: alertDeliveryJob(ctx) } },
  });
  await worker.start();
});
afterAll(async () => {
  release();
  await worker.stop();
  await Promise.all(receivers.map((r) => r.close()));
  await ctx.teardown();
});

const rowsOf = (eventId: string) => ctx.db.getRepository(AlertDelivery).find({ where: { eventId }, order: { attempt: 'ASC' } });

it("an account whose receiver hangs sends one alert at a time; another account's alert is delivered meanwhile, and nothing is lost", async () => {
  const slow = await startReceiver(() => ({ status: 200, release: hung }));
  const fast = await startReceiver();
  receivers.push(slow, fast);
  const { account: hostile } = await createTestAccount(ctx);
  const { account: quiet } = await createTestAccount(ctx);
  await webhookIntegration(ctx, hostile.id, slow.url, 's');
  await webhookIntegration(ctx, quiet.id, fast.url, 's');

  const hostileEvents = [eventOf(hostile.id, 'scan.completed'), eventOf(hostile.id, 'scan.completed')];
  for (const e of hostileEvents) await ctx.queues.add(JobName.AlertEvent, e);
  await waitFor(() => (slow.requests.length === 1 ? true : undefined), { what: 'the first hostile delivery at the hanging receiver' });
  await waitFor(async () => ((await ctx.queues.queueOf(JobName.AlertDelivery).getDelayedCount()) >= 1 ? true : undefined), {
    what: "the hostile account's second delivery deferred",
  });

  const quietEvent = eventOf(quiet.id, 'scan.completed');
  await ctx.queues.add(JobName.AlertEvent, quietEvent);
  const [delivered] = await waitFor(async () => {
    const rows = await rowsOf(quietEvent.eventId);
    return rows.length && rows[0].status === 'success' ? rows : undefined;
  }, { what: "the quiet account's delivery" });
  expect(delivered.attempt).toBe(1);
  // Still one hostile request: the hanging receiver never held more than its account's share.
  expect(slow.requests).toHaveLength(1);

  // The receiver lets go: both hostile alerts are delivered once each, as their first attempt.
  release();
  for (const e of hostileEvents) {
    const rows = await waitFor(async () => {
      const r = await rowsOf(e.eventId);
      return r.length && r.at(-1)!.status === 'success' ? r : undefined;
    }, { what: `hostile delivery ${e.eventId}`, timeoutMs: 30_000 });
    expect(rows.map((r) => [r.attempt, r.status])).toEqual([[1, 'success']]);
  }
  expect(slow.requests).toHaveLength(2);
});
