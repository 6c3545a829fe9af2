import { JobName } from '../queue/queue-names.js';
import { TLS_SCAN_JOB_OPTIONS } from '../domains/scans.js';
import { syncDomainSchedules, type DomainScheduleFacts } from '../scheduling/domain-schedules.js';
import { withTimeout } from '../time/with-timeout.js';
import type { ScheduleApplyDeps, ScheduleChangePayload } from './schedule-changes.js';

/**
 * The pending changes of domains $1 taken (deleted, locked until the commit, in (domain, change)
 * order, waiting for any applier holding them), then their rows read FOR SHARE in id order, in
 * one statement: TAKE_DOMAIN_WAITING for many, every lock in id order as the monitors' grouped
 * apply takes its own (TAKE_MONITORS_WAITING), so two appliers never wait on each other in a cycle.
 */
const TAKE_DOMAINS_WAITING = `WITH locked AS (SELECT id FROM schedule_outbox WHERE kind = 'domain' AND entity_id = ANY($1::int[]) ORDER BY entity_id, id FOR UPDATE),
taken AS (DELETE FROM schedule_outbox o USING locked l WHERE o.id = l.id RETURNING o.entity_id, o.payload)
SELECT (SELECT coalesce(json_agg(json_build_object('id', entity_id, 'payload', payload)), '[]'::json) FROM taken) AS taken,
       (SELECT coalesce(json_agg(row_to_json(d)), '[]'::json) FROM (SELECT id, monitoring_frequency AS "monitoringFrequency", is_active AS "isActive" FROM domains WHERE id = ANY($1::int[]) ORDER BY id FOR SHARE) d) AS facts`;

/**
 * applyScheduleChanges for many domains in ONE short transaction (issue 35: the post-commit
 * applies of concurrent requests, grouped, as applyMonitorSchedulesTogether): their pending
 * changes and rows in one statement (TAKE_DOMAINS_WAITING), every schedule made to match its row
 * (no row: out of every bucket) in one MULTI and each bucket's scheduler once
 * (syncDomainSchedules), with the initial scans the changes of still existing domains carry in
 * one bulk add beside it, then the commit. Any failure rolls it all back: the changes are pending again,
 * for the outbox relay (rejects; the caller logs). Resolves with the number of changes applied.
 */
export async function applyDomainSchedulesTogether(deps: ScheduleApplyDeps, ids: readonly number[]): Promise<number> {
  if (!ids.length) return 0;
  return deps.db.transaction(async (em) => {
    const [row] = await em.query<{ taken: { id: number; payload: ScheduleChangePayload }[]; facts: DomainScheduleFacts[] }[]>(TAKE_DOMAINS_WAITING, [[...new Set(ids)]]);
    if (!row?.taken.length) return 0;
    const changed = new Set(row.taken.map((t) => t.id));
    const facts = row.facts.filter((f) => changed.has(f.id));
    const existing = new Set(facts.map((f) => f.id));
    const scans = row.taken.flatMap(({ id, payload }) => (payload.initialScan && existing.has(id) ? [payload.initialScan] : []));
    // Sent together (one Redis round trip fewer while the rows are held): the scans' job ids make
    // a retry after a rollback add nothing twice.
    const redis = Promise.all([
      syncDomainSchedules(deps.queues, facts, [...changed].filter((id) => !existing.has(id))),
      scans.length ? deps.queues.addBulk(JobName.TlsScan, scans.map((s) => ({ payload: { scanId: s.scanId }, opts: { ...TLS_SCAN_JOB_OPTIONS, jobId: s.jobId } }))) : undefined,
    ]);
    await withTimeout(redis, deps.timeoutMs, `Schedules of domains ${[...changed].join(', ')}: Redis timed out`);
    return row.taken.length;
  });
}
