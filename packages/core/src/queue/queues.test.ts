import { createTestContext, type TestContext } from '@vigil/testing';
import { QueueName } from './queue-names.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.teardown());

it('gives every Queue an error listener (no raw stack traces when Redis goes away)', () => {
  for (const name of Object.values(QueueName)) expect(ctx.queues.queue(name).listenerCount('error')).toBeGreaterThan(0);
});
