import { createTestAccount, createTestContext, testClock, type TestContext } from '@vigil/testing';
import { accountLimitLock } from '../accounts/account-limit-lock.js';
import { recordAuditAlong, type AuditActor } from '../audit/record-audit.js';
import { scheduleChangesInsert } from '../outbox/schedule-changes.js';
import { oneStatement, runAsOne } from './one-statement.js';

const clock = testClock('2026-11-27T12:00:00Z');
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ clock });
});
afterAll(() => ctx.teardown());

it('numbers each part\'s parameters after the parts before it', () => {
  expect(oneStatement([{ sql: 'INSERT INTO a VALUES ($1, $2)', params: [1, 2] }, { sql: 'INSERT INTO b VALUES ($1)', params: [3] }], { sql: 'SELECT $1::int AS x, $2::int AS y', params: [4, 5] })).toEqual({
    sql: 'WITH w0 AS (INSERT INTO a VALUES ($1, $2)), w1 AS (INSERT INTO b VALUES ($3)) SELECT $4::int AS x, $5::int AS y',
    params: [1, 2, 3, 4, 5],
  });
  expect(oneStatement([], { sql: 'SELECT $1', params: [1] })).toEqual({ sql: 'SELECT $1', params: [1] });
  expect(oneStatement([{ sql: 'DELETE FROM a WHERE id = $1', params: [9] }]).sql).toBe('WITH w0 AS (DELETE FROM a WHERE id = $1) SELECT NULL');
});

it('runs the writes and answers the main query\'s rows', async () => {
  await ctx.db.query('CREATE TABLE one_statement_t (n int)');
  const rows = await runAsOne<{ x: number }>(ctx.db, [{ sql: 'INSERT INTO one_statement_t VALUES ($1)', params: [1] }, { sql: 'INSERT INTO one_statement_t VALUES ($1), ($2)', params: [2, 3] }], { sql: 'SELECT $1::int AS x', params: [7] });
  expect(rows).toEqual([{ x: 7 }]);
  expect(await ctx.db.query('SELECT n FROM one_statement_t ORDER BY n')).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
});

it('answers the rows of a main UPDATE or DELETE ... RETURNING, not TypeORM\'s [rows, affected]', async () => {
  await ctx.db.query('CREATE TABLE one_statement_u (n int)');
  await ctx.db.query('INSERT INTO one_statement_u VALUES (1), (2)');
  const write = [{ sql: 'INSERT INTO one_statement_u VALUES ($1)', params: [9] }];
  expect(await runAsOne<{ n: number }>(ctx.db, write, { sql: 'UPDATE one_statement_u SET n = n + 10 WHERE n = $1 RETURNING n', params: [1] })).toEqual([{ n: 11 }]);
  expect(await runAsOne<{ n: number }>(ctx.db, [], { sql: 'DELETE FROM one_statement_u WHERE n = $1 RETURNING n', params: [2] })).toEqual([{ n: 2 }]);
  expect(await runAsOne<{ n: number }>(ctx.db, [], { sql: 'UPDATE one_statement_u SET n = 0 WHERE n = $1 RETURNING n', params: [404] })).toEqual([]);
  expect(await ctx.db.query('SELECT n FROM one_statement_u ORDER BY n')).toEqual([{ n: 9 }, { n: 11 }]);
});

it('an entry, a schedule change and an account-limit lock in one statement, rolled back with their transaction', async () => {
  const { account } = await createTestAccount(ctx, 'pro');
  let recorded = 0;
  const actor: AuditActor = { accountId: account.id, keyId: null, keyName: null, ip: null, now: () => clock.now(), recorded: () => recorded++ };
  const change = { resource: 'monitor', id: 424242, action: 'delete' as const, before: { name: 'gone' } };
  const outbox = () => ctx.db.query('SELECT kind, entity_id, payload FROM schedule_outbox WHERE entity_id = 424242') as Promise<unknown[]>;
  const entries = () => ctx.db.query(`SELECT action, changes FROM audit_log WHERE account_id = $1 AND resource_id = '424242'`, [account.id]) as Promise<unknown[]>;
  await expect(
    ctx.db.transaction(async (m) => {
      await recordAuditAlong(m, actor, [change], [scheduleChangesInsert([{ kind: 'monitor', id: 424242, intervals: [60] }])], accountLimitLock('monitors', account.id));
      throw new Error('refused');
    }),
  ).rejects.toThrow('refused');
  expect(await outbox()).toEqual([]);
  expect(await entries()).toEqual([]);

  await ctx.db.transaction(async (m) => {
    await recordAuditAlong(m, actor, [change], [scheduleChangesInsert([{ kind: 'monitor', id: 424242, intervals: [60] }])], accountLimitLock('monitors', account.id));
    // The lock is held by this transaction from then on: another session cannot take it.
    const [{ free }] = (await ctx.db.query(`SELECT pg_try_advisory_xact_lock($1::bigint) AS free`, [accountLimitLock('monitors', account.id).params[0]])) as { free: boolean }[];
    expect(free).toBe(false);
  });
  expect(await outbox()).toEqual([{ kind: 'monitor', entity_id: 424242, payload: { intervals: [60] } }]);
  expect(await entries()).toEqual([{ action: 'delete', changes: { name: { before: 'gone', after: null } } }]);
  expect(recorded).toBe(2);
  await ctx.db.query('DELETE FROM schedule_outbox WHERE entity_id = 424242');
});
