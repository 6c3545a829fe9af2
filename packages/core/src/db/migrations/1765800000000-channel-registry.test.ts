import { createTestAccount, createTestContext, runMigration, type TestContext } from '@vigil/testing';
import { ChannelRegistry1765800000000 } from './1765800000000-channel-registry.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.teardown());

const migrate = (direction: 'up' | 'down') => runMigration(ctx.db, new ChannelRegistry1765800000000(), direction);

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
