import { monitorScheduleFactsOf, type MonitorScheduleFactsRow } from '../monitors/monitor-row-store.js';
import { enqueueFirstChecks, removeMonitorSchedules, shouldBeScheduled, syncMonitorSchedules, type MonitorScheduleChange } from '../scheduling/monitor-schedules.js';
import { withTimeout } from '../time/with-timeout.js';
import { scheduleRegions, type ScheduleApplyDeps } from './schedule-changes.js';

/**
 * The pending changes of monitors $1 taken (deleted, locked until the commit, in (monitor,
 * change) order, waiting for any applier holding them), then their rows read FOR SHARE in id
 * order, in one statement: the target list's first subquery reads the DELETE's rows to the end
 * before the second locks the monitors, the order of TAKE_MONITOR_WAITING for one monitor. Every
 * lock is taken in id order, as the check writer and a config apply take theirs, so two appliers
 * never wait on each other in a cycle.
 */
const TAKE_MONITORS_WAITING = `WITH locked AS (SELECT id FROM schedule_outbox WHERE kind = 'monitor' AND entity_id = ANY($1::int[]) ORDER BY entity_id, id FOR UPDATE),
taken AS (DELETE FROM schedule_outbox o USING locked l WHERE o.id = l.id RETURNING o.entity_id, o.payload)
SELECT (SELECT coalesce(json_agg(json_build_object('id', entity_id, 'payload', payload)), '[]'::json) FROM taken) AS taken,
       (SELECT coalesce(json_agg(row_to_json(m)), '[]'::json) FROM (SELECT id, type, check_interval, is_active, status, regions FROM monitors WHERE id = ANY($1::int[]) ORDER BY id FOR SHARE) m) AS facts`;

interface Taken {
  id: number;
  payload: { intervals?: number[]; firstCheck?: string };
}

/**
 * applyScheduleChanges for many monitors in ONE short transaction (issue 35: the post-commit
 * applies of concurrent requests, grouped): their pending changes and rows in one statement
 * (TAKE_MONITORS_WAITING), every schedule made to match its row (a deleted row: out of the
 * buckets of its changes' intervals; a row: out of its former intervals' buckets, then as
 * syncMonitorSchedule makes it) in one pipeline and each bucket's scheduler once, then the first
 * checks the changes carry (of monitors still scheduled), then the commit. Any failure rolls it
 * all back: the changes are pending again, for the outbox relay (rejects; the caller logs).
 * Resolves with the number of changes applied.
 */
export async function applyMonitorSchedulesTogether(deps: ScheduleApplyDeps, ids: readonly number[]): Promise<number> {
  if (!ids.length) return 0;
  // Asked while the transaction begins and takes the changes (a failed read fails the apply below).
  const known = scheduleRegions(deps);
  void known().catch(() => undefined);
  return deps.db.transaction(async (em) => {
    const [row] = await em.query<{ taken: Taken[]; facts: MonitorScheduleFactsRow[] }[]>(TAKE_MONITORS_WAITING, [[...new Set(ids)]]);
    if (!row?.taken.length) return 0;
    const intervals = new Map<number, number[]>();
    const firstChecks = new Map<number, string>();
    for (const t of row.taken) {
      intervals.set(t.id, [...(intervals.get(t.id) ?? []), ...(t.payload.intervals ?? [])]);
      if (t.payload.firstCheck !== undefined && !firstChecks.has(t.id)) firstChecks.set(t.id, t.payload.firstCheck);
    }
    const facts = new Map(row.facts.filter((f) => intervals.has(f.id)).map((f) => [f.id, monitorScheduleFactsOf(f)]));
    const redis = async () => {
      const regions = await known();
      // Buckets only in regions with checkers: the runs of a private location, or of a region
      // served by agents, are offered to its agents (their first due run there is its first check).
      const scheduled: MonitorScheduleChange[] = [...facts.values()].map((f) => ({
        ...f,
        regions: f.regions.filter((r) => regions.includes(r) && !deps.agentRegions.includes(r)),
        before: intervals.get(f.id) ?? [],
      }));
      const gone = [...intervals].filter(([id]) => !facts.has(id)).flatMap(([id, was]) => [...new Set(was)].map((checkInterval) => ({ id, checkInterval })));
      // Paused before this apply: no first check, as its resume checks it.
      const firsts = scheduled.flatMap((m) => {
        const jobId = firstChecks.get(m.id);
        return jobId !== undefined && shouldBeScheduled(m) ? [{ id: m.id, regions: m.regions ?? [], jobId }] : [];
      });
      // The buckets and the first checks sent together: neither needs the other's answer, and
      // both are done before the commit (a failure of either rolls the changes back for the
      // relay, whose apply adds the same first check job ids again, once).
      await Promise.all([syncMonitorSchedules(deps.queues, scheduled, regions, gone), enqueueFirstChecks(deps.queues, firsts)]);
    };
    await withTimeout(redis(), deps.timeoutMs, `Schedules of monitors ${[...intervals.keys()].join(', ')}: Redis timed out`);
    return row.taken.length;
  });
}

/**
 * Pending changes of deleted monitors ($1) whose intervals are all among theirs ($2, a JSON array
 * each): the ones applyDeletedMonitorSchedulesTogether applied (DROP_APPLIED_DELETED of each).
 */
const DROP_APPLIED_DELETED_TOGETHER = `DELETE FROM schedule_outbox o USING unnest($1::int[], $2::jsonb[]) AS d(id, intervals)
WHERE o.kind = 'monitor' AND o.entity_id = d.id AND coalesce(o.payload->'intervals', '[]'::jsonb) <@ d.intervals`;

/**
 * applyDeletedMonitorSchedules for many deleted monitors at once (issue 35: the post-commit
 * applies of concurrent deletes, grouped): out of the buckets of their changes' intervals in
 * every region in one pipeline, then their pending changes those intervals cover dropped in one
 * statement, no transaction (a deleted row never comes back: no later change of it to
 * overtake). A change of another interval still pending is left to the outbox relay, and so is
 * everything when Redis fails (rejects; the caller logs).
 */
export async function applyDeletedMonitorSchedulesTogether(deps: ScheduleApplyDeps, monitors: readonly { id: number; intervals: readonly number[] }[]): Promise<void> {
  if (!monitors.length) return;
  const removed = async () => {
    const regions = await scheduleRegions(deps)();
    await removeMonitorSchedules(deps.queues, monitors.flatMap((m) => [...new Set(m.intervals)].map((checkInterval) => ({ id: m.id, checkInterval }))), regions);
  };
  await withTimeout(removed(), deps.timeoutMs, `Schedules of monitors ${monitors.map((m) => m.id).join(', ')}: Redis timed out`);
  await deps.db.query(DROP_APPLIED_DELETED_TOGETHER, [monitors.map((m) => m.id), monitors.map((m) => JSON.stringify([...new Set(m.intervals)]))]);
}
