import { outboxFixture } from './testing/outbox-fixture.js';
import { bucketsOfDomain, deadRedisQueues } from '@vigil/testing';
import { JobName } from '../queue/queue-names.js';
import { applyDomainSchedulesTogether } from './domain-schedules-together.js';
import { createdDomainChange, domainScheduleChange } from './schedule-changes.js';

// The grouped domain applies of the API (issue 35): many domains' pending changes in one
// transaction and one MULTI, with the guarantees of the one-at-a-time apply.
const fx = outboxFixture();
const { commit, pending, deps } = fx;
const periodsOf = async (id: number) => (await bucketsOfDomain(fx.ctx, id)).map((b) => b.everyMs / 60_000);
const scansOf = async (scanIds: number[]) =>
  (await fx.ctx.queues.queueOf(JobName.TlsScan).getJobs(['waiting', 'delayed', 'prioritized'])).filter((j) => scanIds.includes(j.data.scanId)).map((j) => j.id);

let n = 0;
async function insertDomain(frequency: string, isActive = true): Promise<number> {
  const [{ id }] = (await fx.ctx.db.query(`INSERT INTO domains (account_id, hostname, monitoring_frequency, is_active) VALUES ($1, $2, $3, $4) RETURNING id`, [
    fx.accountId,
    `together-${++n}.example.com`,
    frequency,
    isActive,
  ])) as { id: number }[];
  return id;
}

it('applies every listed domain as its row stands: created (with its initial scan), moved, deactivated, deleted; others untouched', async () => {
  const created = await insertDomain('hourly');
  const moved = await insertDomain('daily');
  const inactive = await insertDomain('15min');
  const gone = await insertDomain('5min');
  const notListed = await insertDomain('hourly');
  await commit([moved, inactive, gone].map(domainScheduleChange));
  expect(await applyDomainSchedulesTogether(deps(), [moved, inactive, gone])).toBe(3);
  expect([await periodsOf(moved), await periodsOf(inactive), await periodsOf(gone)]).toEqual([[1440], [15], [5]]);

  const first = createdDomainChange(created, 9_000_001);
  const ofGone = createdDomainChange(gone, 9_000_002);
  await fx.ctx.db.query(`UPDATE domains SET monitoring_frequency = 'hourly' WHERE id = $1`, [moved]);
  await fx.ctx.db.query('UPDATE domains SET is_active = false WHERE id = $1', [inactive]);
  await fx.ctx.db.query('DELETE FROM domains WHERE id = $1', [gone]);
  await commit([first, ofGone, domainScheduleChange(moved), domainScheduleChange(inactive), domainScheduleChange(gone), domainScheduleChange(notListed)]);
  expect(await applyDomainSchedulesTogether(deps(), [created, moved, inactive, gone, created])).toBe(5);
  expect(await periodsOf(created)).toEqual([60]);
  expect(await periodsOf(moved)).toEqual([60]);
  expect(await periodsOf(inactive)).toEqual([]);
  expect(await periodsOf(gone)).toEqual([]);
  expect(await periodsOf(notListed)).toEqual([]);
  // The initial scan of an existing domain is queued under its drawn job id; a deleted one's is not.
  expect(await scansOf([9_000_001, 9_000_002])).toEqual([first.initialScan?.jobId]);
  expect(await pending()).toBe(1);
  expect(await applyDomainSchedulesTogether(deps(), [created, moved])).toBe(0);
});

it('leaves every change pending when Redis fails, for the outbox relay', async () => {
  const id = await insertDomain('hourly');
  await commit([domainScheduleChange(id)]);
  const dead = await deadRedisQueues(fx.ctx.config.redisPrefix);
  try {
    await expect(applyDomainSchedulesTogether({ ...deps(), queues: dead.queues, timeoutMs: 300 }, [id])).rejects.toThrow();
  } finally {
    await dead.close();
  }
  expect(await pending()).toBe(1);
  expect(await periodsOf(id)).toEqual([]);
  expect(await applyDomainSchedulesTogether(deps(), [id])).toBe(1);
  expect(await periodsOf(id)).toEqual([60]);
});
