import { JobName, QueueName, createWorkerApp, holdLogContext, logContext, quietLogContextWhenIdle, withLogContext, type Context, type LogContext, type QueueHandlers } from '@vigil/core';
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

  it('runs the jobs of a queue named in withoutLogContext without the log context; other apps keep the job id', async () => {
    const seen = new Map<string, LogContext | undefined>();
    const handlers: QueueHandlers<QueueName.Alerts> = {
      [JobName.AlertEvent]: async (payload) => {
        await new Promise((r) => setImmediate(r));
        seen.set(payload.eventId, logContext.getStore());
        return { deliveries: 0 };
      },
      [JobName.AlertDelivery]: async () => undefined,
    };
    const plain = createWorkerApp(ctx, { app: 'notifier', concurrency: 2, healthPort: 0, handlers: { [QueueName.Alerts]: handlers } });
    await plain.start();
    const withId = await ctx.queues.add(JobName.AlertEvent, event('with-context'));
    await waitFor(() => seen.has('with-context'), { what: 'the job with a context' });
    await plain.stop();
    expect(seen.get('with-context')).toEqual({ jobId: `${QueueName.Alerts}:${withId.id}` });

    const quiet = createWorkerApp(ctx, {
      app: 'notifier',
      concurrency: 2,
      healthPort: 0,
      handlers: { [QueueName.Alerts]: handlers },
      withoutLogContext: [QueueName.Alerts],
    });
    await quiet.start();
    await ctx.queues.add(JobName.AlertEvent, event('without-context'));
    await waitFor(() => seen.has('without-context'), { what: 'the job without a context' });
    await quiet.stop();
    expect(seen.get('without-context')).toBeUndefined();
  });

  it('withLogContext keeps the job id across awaits, also after the storage was turned off between jobs', async () => {
    const inJob = () =>
      withLogContext(
        'q:1',
        async () => {
          await new Promise((r) => setTimeout(r, 1));
          return logContext.getStore();
        },
      );
    quietLogContextWhenIdle();
    // Two at once: the first to end leaves the storage on for the other.
    const [a, b] = await Promise.all([inJob(), withLogContext('q:2', async () => {
      await new Promise((r) => setTimeout(r, 20));
      return logContext.getStore();
    })]);
    expect(a).toEqual({ jobId: 'q:1' });
    expect(b).toEqual({ jobId: 'q:2' });
    // Off between jobs (none running), on again for the next one.
    expect(logContext.getStore()).toBeUndefined();
    expect(await inJob()).toEqual({ jobId: 'q:1' });
  });

  it('keeps the storage on while any context is held, as an API request in the same process holds one', async () => {
    quietLogContextWhenIdle();
    const request = holdLogContext();
    const seen = await logContext.run({ requestId: 'r1' }, async () => {
      await withLogContext('q:3', async () => undefined);
      // The job ended while the request still holds its context: the request keeps its fields.
      await new Promise((r) => setTimeout(r, 1));
      return logContext.getStore();
    });
    request();
    expect(seen).toEqual({ requestId: 'r1' });
  });
});
