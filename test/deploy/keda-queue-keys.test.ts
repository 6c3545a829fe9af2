import { QUEUE_OWNERS, QueueName, loadConfig } from '@vigil/core';
import { createTestContext, type TestContext } from '@vigil/testing';
import { WORKER_APPS, containerEnv, deploymentOf, podSpec, resourcesOf } from './deploy-files.js';

/** The Redis LIST that holds a BullMQ queue's waiting jobs: what KEDA's redis trigger measures. */
const waitList = (prefix: string, queue: string) => `${prefix}:${queue}:wait`;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.teardown());

it('BullMQ keeps the waiting jobs of every queue in the Redis LIST <prefix>:<queue>:wait', async () => {
  for (const queue of Object.values(QueueName)) {
    await ctx.queues.queue(queue).add('deploy-list-key', {});
    const key = waitList(ctx.config.redisPrefix, queue);
    expect({ key, type: await ctx.redis.type(key) }).toEqual({ key, type: 'list' });
    expect(await ctx.redis.llen(key)).toBe(1);
  }
});

describe.each(WORKER_APPS)('%s ScaledObject', (app) => {
  it('watches exactly the waiting lists of the queues the worker consumes, under the deployed prefix', () => {
    const [deployment] = deploymentOf(app);
    const prefix = loadConfig(containerEnv(podSpec(deployment).containers[0])).redisPrefix;
    expect(prefix).toBe('{vigil}');
    const [scaled] = resourcesOf('ScaledObject').filter((s) => s.spec?.scaleTargetRef?.name === deployment.metadata.name);
    const lists = (scaled.spec?.triggers ?? []).map((t) => t.metadata?.listName);
    expect([...lists].sort()).toEqual(QUEUE_OWNERS[app].map((q) => waitList(prefix, q)).sort());
  });
});

it('scales some worker on every queue', () => {
  const watched = resourcesOf('ScaledObject').flatMap((s) => (s.spec?.triggers ?? []).map((t) => t.metadata?.listName));
  expect([...watched].sort()).toEqual(Object.values(QueueName).map((q) => waitList('{vigil}', q)).sort());
});
