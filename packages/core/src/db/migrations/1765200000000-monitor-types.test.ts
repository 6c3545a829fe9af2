import { createTestAccount, createTestContext, runMigration, type TestContext } from '@vigil/testing';
import { MonitorTypes1765200000000 } from './1765200000000-monitor-types.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.teardown());

const migrate = (direction: 'up' | 'down') => runMigration(ctx.db, new MonitorTypes1765200000000(), direction);

it('existing monitors become http without a config; checks gain the new columns on every partition', async () => {
  await migrate('down');
  const { account } = await createTestAccount(ctx, 'pro');
  const [{ id }] = (await ctx.db.query(
    `INSERT INTO monitors (account_id, name, url, normalized_url) VALUES ($1, 'm', 'https://a.example/', 'https://a.example/') RETURNING id`,
    [account.id],
  )) as { id: number }[];
  await migrate('up');
  expect(await ctx.db.query('SELECT type, config FROM monitors WHERE id = $1', [id])).toEqual([{ type: 'http', config: null }]);
  const columns = (await ctx.db.query(
    `SELECT DISTINCT column_name FROM information_schema.columns WHERE table_name LIKE 'checks%' AND column_name IN ('timings', 'certificate_expires_at', 'details') ORDER BY 1`,
  )) as { column_name: string }[];
  expect(columns.map((c) => c.column_name)).toEqual(['certificate_expires_at', 'details', 'timings']);
});

it('a configured type needs a config, http none', async () => {
  const { account } = await createTestAccount(ctx, 'pro');
  const insert = (type: string, config: string | null) =>
    ctx.db.query(`INSERT INTO monitors (account_id, name, type, config, url, normalized_url) VALUES ($1, 'm', $2, $3, 'x', $4)`, [
      account.id,
      type,
      config,
      `${type}:${config}`,
    ]);
  await expect(insert('tcp', null)).rejects.toThrow(/monitors_config_of_type/);
  await expect(insert('http', '{}')).rejects.toThrow(/monitors_config_of_type/);
  await expect(insert('tcp', '{"host":"a","port":1}')).resolves.toBeDefined();
});
