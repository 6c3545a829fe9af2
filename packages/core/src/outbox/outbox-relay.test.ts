import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { createTestContext, deadRedisQueues, waitFor, type TestContext } from '@vigil/testing';
import { createLogger } from '../logging/logger.js';
import { JobName, QueueName } from '../queue/queue-names.js';
import { Queues } from '../queue/queues.js';
import { createRedisConnection } from '../queue/redis-connection.js';
import type { AlertEventPayload } from '../queue/alert-events.js';
import { writeOutbox, type OutboxMessage } from './outbox-message.js';
import { createOutboxRelay, relayOutboxBatch } from './outbox-relay.js';

let ctx: TestContext;
const logger = createLogger({ level: 'error', silent: true });

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.teardown());
beforeEach(async () => {
  await ctx.db.query('DELETE FROM outbox');
  await ctx.queues.queue(QueueName.Alerts).obliterate({ force: true });
});

let seq = 0;
function alert(): OutboxMessage {
  const eventId = `event-${++seq}-${Date.now()}`;
  const payload: AlertEventPayload = { eventId, accountId: 1, event: 'monitor.down', createdAt: new Date(0).toISOString(), monitorId: 1, data: {
    monitor: { id: 1, name: 'API', url: 'https://example.com', status: 'down' },
    checked_at: new Date(0).toISOString(),
    status_code: null,
    error: 'timeout',
  } };
  return { job: JobName.AlertEvent, payload, jobId: eventId, options: { attempts: 5, backoff: { type: 'exponential', delay: 1_000 } } };
}

const commit = (messages: OutboxMessage[]) => ctx.db.transaction((em) => writeOutbox(em, messages));
/** Messages not relayed yet. */
const outboxRows = async () => Number((await ctx.db.query('SELECT count(*)::int AS n FROM outbox WHERE relayed_at IS NULL'))[0].n);
const alertJobIds = async () =>
  (await ctx.queues.queue(QueueName.Alerts).getJobs(['waiting', 'delayed', 'prioritized'])).map((j) => String(j.id)).sort();

describe('outbox', () => {
  it('a message exists only if its transaction commits', async () => {
    await expect(
      ctx.db.transaction(async (em) => {
        await writeOutbox(em, [alert()]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await outboxRows()).toBe(0);
    await commit([alert(), alert()]);
    expect(await outboxRows()).toBe(2);
  });

  it('the relay adds each message as a job with its job id, payload and options, then marks it relayed', async () => {
    const [a, b] = [alert(), alert()];
    await commit([a, b]);
    const relay = createOutboxRelay({ db: ctx.db, queues: ctx.queues, logger, config: ctx.config });
    expect(await relay.relayNow()).toBe(2);
    expect(await outboxRows()).toBe(0);
    const job = await ctx.queues.queue(QueueName.Alerts).getJob(a.jobId);
    expect(job?.name).toBe(JobName.AlertEvent);
    expect(job?.data).toEqual(a.payload);
    expect(job?.opts.attempts).toBe(5);
    expect(await alertJobIds()).toEqual([a.jobId, b.jobId].sort());
  });

  it('enqueue rejected (Redis down): the messages stay, and are delivered once Redis answers', async () => {
    const m = alert();
    await commit([m]);
    const dead = await deadRedisQueues(ctx.config.redisPrefix);
    try {
      const failing = createOutboxRelay({ db: ctx.db, queues: dead.queues, logger, config: ctx.config }, { enqueueTimeoutMs: 300 });
      await expect(failing.relayNow()).rejects.toThrow();
      await expect(failing.relayNow()).rejects.toThrow();
    } finally {
      await dead.close();
    }
    expect(await outboxRows()).toBe(1);
    expect(await alertJobIds()).toEqual([]);
    const relay = createOutboxRelay({ db: ctx.db, queues: ctx.queues, logger, config: ctx.config });
    expect(await relay.relayNow()).toBe(1);
    expect(await alertJobIds()).toEqual([m.jobId]);
  });

  it('a Redis that accepts but never answers fails the pass within the enqueue timeout; nothing is lost', async () => {
    const sockets: Socket[] = [];
    const silent: Server = createServer((s) => sockets.push(s));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const connection = createRedisConnection(`redis://127.0.0.1:${(silent.address() as AddressInfo).port}`, 'client');
    connection.on('error', () => undefined);
    const queues = new Queues(connection, ctx.config.redisPrefix, () => connection.duplicate(), logger);
    try {
      await commit([alert()]);
      await expect(relayOutboxBatch(ctx.db, queues, { batch: 10, enqueueTimeoutMs: 200 })).rejects.toThrow('timed out');
      expect(await outboxRows()).toBe(1);
    } finally {
      connection.disconnect();
      sockets.forEach((s) => s.destroy());
      await new Promise<void>((r) => silent.close(() => r()));
    }
  });

  it('process killed after commit: the relay never ran; a relay started later (another process) delivers', async () => {
    const m = alert();
    await commit([m]);
    // The committing process died here: no wake, no relay. A new process starts its relay.
    const relay = createOutboxRelay({ db: ctx.db, queues: ctx.queues, logger, config: ctx.config }, { pollMs: 20 });
    relay.start();
    try {
      await waitFor(async () => (await outboxRows()) === 0, { what: 'the new relay to deliver' });
    } finally {
      await relay.stop();
    }
    expect(await alertJobIds()).toEqual([m.jobId]);
  });

  it('killed between the add and the delete: relayed again, still one job', async () => {
    const m = alert();
    await commit([m]);
    // The first relay's add reached Redis, then the process died before its DELETE committed.
    await ctx.queues.add(JobName.AlertEvent, m.payload as AlertEventPayload, { jobId: m.jobId });
    const relay = createOutboxRelay({ db: ctx.db, queues: ctx.queues, logger, config: ctx.config });
    expect(await relay.relayNow()).toBe(1);
    expect(await alertJobIds()).toEqual([m.jobId]);
    expect(await outboxRows()).toBe(0);
  });

  it('relays racing (several processes, SKIP LOCKED) move each message once', async () => {
    const messages = Array.from({ length: 300 }, () => alert());
    await commit(messages);
    const relays = Array.from({ length: 4 }, () => createOutboxRelay({ db: ctx.db, queues: ctx.queues, logger, config: ctx.config }, { batch: 25 }));
    const moved = await Promise.all(relays.map((r) => r.relayNow()));
    expect(moved.reduce((a, b) => a + b, 0)).toBe(300);
    expect(await outboxRows()).toBe(0);
    expect(await alertJobIds()).toEqual(messages.map((m) => m.jobId).sort());
  });

  it('wake() after a commit delivers without waiting for a poll', async () => {
    const relay = createOutboxRelay({ db: ctx.db, queues: ctx.queues, logger, config: ctx.config }, { pollMs: 3_600_000 });
    relay.start();
    try {
      await waitFor(async () => (await outboxRows()) === 0);
      const m = alert();
      await commit([m]);
      relay.wake();
      await waitFor(async () => (await alertJobIds()).includes(m.jobId), { what: 'the woken relay' });
    } finally {
      await relay.stop();
    }
  });

  it('after Redis lost its data, replay() relays the recently relayed messages again; old ones are pruned', async () => {
    const [recent, old] = [alert(), alert()];
    await commit([recent, old]);
    const relay = createOutboxRelay({ db: ctx.db, queues: ctx.queues, logger, config: ctx.config }, { keepMs: 60_000 });
    expect(await relay.relayNow()).toBe(2);
    await ctx.db.query(`UPDATE outbox SET relayed_at = now() - interval '2 minutes' WHERE job_id = $1`, [old.jobId]);
    // Redis loses everything, the alert jobs included.
    await ctx.queues.queue(QueueName.Alerts).obliterate({ force: true });
    expect(await relay.replay()).toBe(1);
    await waitFor(async () => (await outboxRows()) === 0, { what: 'the replayed message relayed' });
    expect(await alertJobIds()).toEqual([recent.jobId]);
    // The next pass (a new relay: its first pass prunes) deletes what is older than keepMs.
    await createOutboxRelay({ db: ctx.db, queues: ctx.queues, logger, config: ctx.config }, { keepMs: 60_000 }).relayNow();
    expect((await ctx.db.query('SELECT job_id FROM outbox')).map((r: { job_id: string }) => r.job_id)).toEqual([recent.jobId]);
  });
});

