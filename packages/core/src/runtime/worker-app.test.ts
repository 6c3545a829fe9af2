import { JobName, QueueName, createWorkerApp, type Context, type QueueHandlers } from '@vigil/core';
import { createTestContext, waitFor, type TestContext } from '@vigil/testing';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { VIGIL_SHUTDOWN_TIMEOUT_MS: '400' } });
});
afterAll(() => ctx.teardown());

/** An alert-event handler that runs until the test releases it: no guess at how long a job takes. */
function heldHandlers(done: string[]) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const handlers: QueueHandlers<QueueName.Alerts> = {
    [JobName.AlertEvent]: async (payload) => {
      await released;
      done.push(payload.eventId);
      return { deliveries: 0 };
    },
    [JobName.AlertDelivery]: async () => undefined,
  };
  return { handlers, release };
}

function app(c: Context, handlers: QueueHandlers<QueueName.Alerts>) {
  return createWorkerApp(c, { app: 'notifier', concurrency: 2, healthPort: 0, handlers: { [QueueName.Alerts]: handlers } });
}

const event = (eventId: string) => ({ eventId, accountId: 1, event: 'test' as const, createdAt: new Date().toISOString(), data: { message: 'test', integration: { id: 1, name: 'hook', type: 'webhook' } } });

describe('worker app', () => {
  it('refuses to boot when a job of its queues has no handler', async () => {
    const incomplete = { [JobName.AlertEvent]: heldHandlers([]).handlers[JobName.AlertEvent] } as unknown as QueueHandlers<QueueName.Alerts>;
    await expect(app(ctx, incomplete).start()).rejects.toThrow(/no handler for alert-delivery/);
  });

  it('lets a running job finish before it stops', async () => {
    const done: string[] = [];
    const held = heldHandlers(done);
    // A deadline that only bounds a hang: the job ends when the test releases it, after stop().
    const worker = app({ ...ctx, config: { ...ctx.config, shutdownTimeoutMs: 120_000 } }, held.handlers);
    await worker.start();
    await ctx.queues.add(JobName.AlertEvent, event('graceful'));
    const [w] = worker.workers();
    await waitFor(async () => (await ctx.queues.queue(QueueName.Alerts).getActiveCount()) === 1, { what: 'the job to start' });
    let stopped = false;
    const stopping = worker.stop().then(() => (stopped = true));
    // stop() waits for the running job: still stopping while the job is held.
    await waitFor(() => w.isPaused(), { what: 'the worker to pause' });
    expect(stopped).toBe(false);
    expect(done).toEqual([]);
    held.release();
    await stopping;
    expect(done).toEqual(['graceful']);
    expect(w.isRunning()).toBe(false);
  });

  it('stops within the shutdown deadline even when a job runs on', async () => {
    const done: string[] = [];
    const held = heldHandlers(done);
    const worker = app(ctx, held.handlers);
    await worker.start();
    await ctx.queues.add(JobName.AlertEvent, event('stuck'));
    await waitFor(async () => (await ctx.queues.queue(QueueName.Alerts).getActiveCount()) >= 1, { what: 'the job to start' });
    // The job is held until after stop() returned: only the deadline (400 ms) can end the wait.
    await worker.stop();
    expect(done).toEqual([]);
    held.release();
  });
});
