import { createTestAccount, createTestContext, type TestContext } from '@vigil/testing';
import { ChannelRegistry1765800000000 } from './1765800000000-channel-registry.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.teardown());

async function migrate(direction: 'up' | 'down'): Promise<void> {
  const runner = ctx.db.createQueryRunner();
  try {
    await runner.startTransaction();
    await new ChannelRegistry1765800000000()[direction](runner);
    await runner.commitTransaction();
  } finally {
    await runner.release();
  }
}

const insert = (accountId: number, type: string) => ctx.db.query(`INSERT INTO integrations (account_id, type, name) VALUES ($1, $2, 'i')`, [accountId, type]);

it('a new channel type needs no migration; only the shape of a type name is checked', async () => {
  const { account } = await createTestAccount(ctx);
  await insert(account.id, 'teams');
  await insert(account.id, 'a_channel_of_2027');
  await expect(insert(account.id, 'Not a Name')).rejects.toThrow(/integrations_type_name/);
  await expect(insert(account.id, 'x'.repeat(41))).rejects.toThrow(/integrations_type_name/);
});

it('down restores the four-type list once only those remain, and up lifts it again', async () => {
  await ctx.db.query(`DELETE FROM integrations WHERE type NOT IN ('email', 'webhook', 'slack', 'discord')`);
  await migrate('down');
  const { account } = await createTestAccount(ctx);
  await expect(insert(account.id, 'teams')).rejects.toThrow(/integrations_type_check/);
  await insert(account.id, 'slack');
  await migrate('up');
  await insert(account.id, 'teams');
});
