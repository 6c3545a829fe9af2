import { createTestAccount, createTestContext, runMigration, type TestContext } from '@vigil/testing';
import { AlertPolicies1764900000000 } from './1764900000000-alert-policies.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.teardown());

const migrate = (direction: 'up' | 'down') => runMigration(ctx.db, new AlertPolicies1764900000000(), direction);

it('marks alerts_sent entries of before as first alerts, with the event of the delivery each records', async () => {
  await migrate('down');
  const { account } = await createTestAccount(ctx, 'pro');
  const [{ id: monitorId }] = (await ctx.db.query(
    `INSERT INTO monitors (account_id, name, url, normalized_url) VALUES ($1, 'm', 'https://a.example/', 'https://a.example/') RETURNING id`,
    [account.id],
  )) as { id: number }[];
  const entries = [
    { type: 'webhook', sent_at: '2026-11-20T10:00:01.123Z' },
    { type: 'email', sent_at: '2026-11-20T10:00:02.000Z' },
    { type: 'webhook', sent_at: '2026-11-20T11:00:00.500Z' },
  ];
  const [{ id: incidentId }] = (await ctx.db.query(
    `INSERT INTO incidents (monitor_id, account_id, status, started_at, cause, alerts_sent)
     VALUES ($1, $2, 'resolved', '2026-11-20T10:00:00Z', 'x', $3) RETURNING id`,
    [monitorId, account.id, JSON.stringify(entries)],
  )) as { id: number }[];
  const [{ id: emptyId }] = (await ctx.db.query(
    `INSERT INTO incidents (monitor_id, account_id, status, started_at, cause) VALUES ($1, $2, 'resolved', '2026-11-19T10:00:00Z', 'y') RETURNING id`,
    [monitorId, account.id],
  )) as { id: number }[];
  // The deliveries of the first and third entry are still logged; the email's was pruned.
  for (const [event, at, n] of [['monitor.down', entries[0].sent_at, 1], ['monitor.up', entries[2].sent_at, 2]] as const) {
    await ctx.db.query(
      `INSERT INTO alert_deliveries (delivery_id, account_id, integration_type, event_id, event, incident_id, payload, attempt, status, completed_at)
       VALUES (${n}, $1, 'webhook', $2, $3, $4, '{}', 1, 'success', $5)`,
      [account.id, `e-${incidentId}-${n}`, event, incidentId, at],
    );
  }
  await migrate('up');
  const rows = (await ctx.db.query('SELECT id, alerts_sent FROM incidents WHERE id = ANY($1::int[]) ORDER BY id', [[incidentId, emptyId]])) as {
    alerts_sent: unknown[];
  }[];
  expect(rows[0].alerts_sent).toEqual([
    { ...entries[0], kind: 'alert', event: 'monitor.down' },
    { ...entries[1], kind: 'alert' },
    { ...entries[2], kind: 'alert', event: 'monitor.up' },
  ]);
  expect(rows[1].alerts_sent).toEqual([]);
});
