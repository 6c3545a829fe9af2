import { Account } from '@vigil/core';
import { createTestContext, type TestContext } from '@vigil/testing';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.teardown());

it('runs against a migrated database of its own', async () => {
  const saved = await ctx.db.getRepository(Account).save({ email: 'a@example.com', tier: 'pro' });
  expect(saved.id).toBeGreaterThan(0);
  expect(await ctx.db.getRepository(Account).count()).toBe(1);
});
