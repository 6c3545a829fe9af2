import { JobName, QueueName, createWorkerApp, type Context, type QueueHandlers } from '@vigil/core';
import { createTestContext, waitFor, type TestContext } from '@vigil/testing';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { VIGIL_SHUTDOWN_TIMEOUT_MS: '400' } });
});
afterAll(() => ctx.teardown());

function alertHandlers(eventMs: number, done: string[]): QueueHandlers<QueueName.Alerts> {
  return {
    [JobName.AlertEvent]: async (payload) => {
      await new Promise((r) => setTimeout(r, eventMs));
      done.push(payload.eventId);
      return { deliveries: 0 };
    },
    [JobName.AlertDelivery]: async () => undefined,
  };
}

function app(c: Context, handlers: QueueHandlers<QueueName.Alerts>) {
  return createWorkerApp(c, { app: 'notifier', concurrency: 2, healthPort: 0, handlers: { [QueueName.Alerts]: handlers } });
}

const event = (eventId: string) => ({ eventId, accountId: 1, event: 'test' as const, createdAt: new Date().toISOString(), data: { message: 'test', integration: { id: 1, name: 'hook', type: 'webhook' } } });

describe('worker app', () => {
  it('refuses to boot when a job of its queues has no handler', async () => {
    const incomplete = { [JobName.AlertEvent]: alertHandlers(0, [])[JobName.AlertEvent] } as unknown as QueueHandlers<QueueName.Alerts>;
    await expect(app(ctx, incomplete).start()).rejects.toThrow(/no handler for alert-delivery/);
  });

  it('lets a running job finish before it stops', async () => {
    const done: string[] = [];
    const worker = app(ctx, alertHandlers(250, done));
    await worker.start();
    await ctx.queues.add(JobName.AlertEvent, event('graceful'));
    const [w] = worker.workers();
    await waitFor(async () => (await ctx.queues.queue(QueueName.Alerts).getActiveCount()) === 1, { what: 'the job to start' });
    await worker.stop();
    expect(done).toEqual(['graceful']);
    expect(w.isRunning()).toBe(false);
  });

  it('stops within the shutdown deadline even when a job runs on', async () => {
    const done: string[] = [];
    const worker = app(ctx, alertHandlers(10_000, done));
    await worker.start();
    await ctx.queues.add(JobName.AlertEvent, event('stuck'));
    await waitFor(async () => (await ctx.queues.queue(QueueName.Alerts).getActiveCount()) >= 1, { what: 'the job to start' });
    const started = Date.now();
    await worker.stop();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(done).toEqual([]);
  });
});
