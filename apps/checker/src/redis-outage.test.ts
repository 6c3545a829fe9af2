import { JobName } from '@vigil/core';
import { createTestContext, startTcpProxy, waitFor, type TcpProxy, type TestContext } from '@vigil/testing';
import { createCheckerApp } from './app.js';

// Redis is reached through a loopback proxy this file kills; the shared server is never touched.
let redisProxy: TcpProxy;
let ctx: TestContext;
const REDIS_PORT = Number(new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379').port || 6379);

beforeAll(async () => {
  redisProxy = await startTcpProxy(REDIS_PORT);
  ctx = await createTestContext({ via: { redisPort: redisProxy.port } });
});
afterAll(async () => {
  await redisProxy.restore();
  await ctx.teardown();
  await redisProxy.close();
});

it('the checker waits through a Redis outage and takes jobs again when it is back, without a restart', async () => {
  const checker = createCheckerApp(ctx);
  await checker.start();
  try {
    await redisProxy.kill();
    await waitFor(() => ctx.dependencies.down().includes('redis'), { what: 'the outage to be seen' });
    await redisProxy.restore();
    await waitFor(async () => (await ctx.dependencies.check()).redis.up, { what: 'Redis back' });
    const { result } = await ctx.queues.run(JobName.ReconcileMonitorSchedules, {}, 15_000);
    expect(result).toEqual({ added: expect.any(Number), removed: expect.any(Number) });
  } finally {
    await checker.stop();
  }
});
