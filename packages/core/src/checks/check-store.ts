import type { EntityManager } from 'typeorm';
import type { Queryable } from '../db/queryable.js';
import { numberArrayLiteral, textArrayLiteral } from '../db/array-literals.js';
import type { OpenIncidentRow } from '../incidents/incident-store.js';
import { checkKey, type CheckRow, type NewCheckRow, type StoredCheckRow } from './check-rows.js';

/**
 * The store of checks and rounds (issue 30): the SQL of the checks and monitor_rounds tables
 * that the check writer and the round judge run, with their row types. Every statement is one
 * round trip for a whole batch.
 */

/** The checked_at range a statement looks in (checks is partitioned by day: a narrow range reads one partition). */
export interface CheckWindow {
  from: Date;
  to: Date;
}

export interface InsertedChecks {
  /** Check id (bigint as text) by checkKey, for the checks really inserted. */
  ids: Map<string, string>;
  /** The open incident of each of the batch's monitors that has one, read after the insert. */
  openIncidents: OpenIncidentRow[];
}

/** A row of the insert statement: an inserted check, or an open incident of the batch's monitors. */
interface InsertedRow {
  kind: 'check' | 'incident';
  id: string;
  monitor_id: number;
  job_key: string | null;
  region: string | null;
  cause: string | null;
  started_at: Date | null;
  affected_checks: number | null;
}

/**
 * The INSERT of new checks from the parameters of checkInsertParams, numbered from `at`, skipping
 * any (monitor, job key, region) already recorded in the window (for insertChecks and the
 * unlocked batch, unlocked-batch-store.ts).
 */
export function checkInsertSql(at: number): string {
  const $ = (n: number) => `$${at + n - 1}`;
  // checks is partitioned by checked_at, so its unique key (monitor_id, job_key, checked_at)
  // catches only a replay of the same record; a redelivery probes again at a later time and is
  // found by the NOT EXISTS in the window, which therefore finds every conflict too: no ON
  // CONFLICT clause (speculative insertion costs). OFFSET 0 keeps the NOT EXISTS a per-row
  // probe of the unique index: pulled up into an anti join, a day's new partition (no
  // statistics yet) was read whole and hashed for every batch.
  return `INSERT INTO checks (monitor_id, checked_at, status, response_time_ms, status_code, error, job_key, in_maintenance,
                            timings, certificate_expires_at, details, region)
       SELECT * FROM unnest(${$(1)}::int[], ${$(2)}::timestamptz[], ${$(3)}::text[], ${$(4)}::int[], ${$(5)}::int[], ${$(6)}::text[], ${$(7)}::text[], ${$(8)}::bool[],
                             ${$(11)}::jsonb[], ${$(12)}::timestamptz[], ${$(13)}::jsonb[], ${$(14)}::text[])
                AS n(monitor_id, checked_at, status, response_time_ms, status_code, error, job_key, in_maintenance,
                      timings, certificate_expires_at, details, region)
        WHERE NOT EXISTS (SELECT 1 FROM checks c WHERE c.monitor_id = n.monitor_id AND c.job_key = n.job_key AND c.region = n.region
                             AND c.checked_at >= ${$(9)} AND c.checked_at < ${$(10)} OFFSET 0)`;
}

/** The 14 parameters of checkInsertSql. */
export function checkInsertParams(rows: readonly NewCheckRow[], window: CheckWindow): unknown[] {
  // Array literals built here (db/array-literals.ts): pg's own escaping of each element cost the writer.
  return [
    numberArrayLiteral(rows.map((r) => r.monitorId)),
    textArrayLiteral(rows.map((r) => r.result.timestamp)),
    textArrayLiteral(rows.map((r) => r.result.status)),
    numberArrayLiteral(rows.map((r) => r.result.response_time_ms)),
    numberArrayLiteral(rows.map((r) => r.result.status_code)),
    textArrayLiteral(rows.map((r) => r.result.error ?? null)),
    textArrayLiteral(rows.map((r) => r.jobKey)),
    rows.map((r) => r.inMaintenance),
    window.from,
    window.to,
    // The additions of monitor types (timing breakdown, certificate expiry, DNS answers): passed through.
    textArrayLiteral(rows.map((r) => (r.result.timings ? JSON.stringify(r.result.timings) : null))),
    textArrayLiteral(rows.map((r) => r.result.certificate_expires_at ?? null)),
    textArrayLiteral(rows.map((r) => (r.result.details ? JSON.stringify(r.result.details) : null))),
    textArrayLiteral(rows.map((r) => r.region)),
  ];
}

/** Built once: the statement only depends on the columns. */
const INSERT_CHECKS = `WITH inserted AS (
       ${checkInsertSql(1)}
       RETURNING id, monitor_id, job_key, region
     )
     SELECT 'check' AS kind, id::text AS id, monitor_id, job_key, region, NULL::text AS cause, NULL::timestamptz AS started_at, NULL::int AS affected_checks
       FROM inserted
     UNION ALL
     SELECT 'incident', id::text, monitor_id, NULL, NULL, cause, started_at, affected_checks
       FROM incidents WHERE status = 'open' AND monitor_id = ANY($1::int[])`;

/**
 * Inserts checks in one statement, skipping any (monitor, job key, region) already recorded in
 * `window` (callers serialize writers of a monitor and region, so the NOT EXISTS is race-free),
 * and reads the monitors' open incidents in the same statement (after the callers' locks, so
 * never older than the batch that last moved them).
 */
export async function insertChecks(em: EntityManager, rows: readonly NewCheckRow[], window: CheckWindow): Promise<InsertedChecks> {
  if (!rows.length) return { ids: new Map(), openIncidents: [] };
  const out = await em.query<InsertedRow[]>(INSERT_CHECKS, checkInsertParams(rows, window));
  const ids = new Map<string, string>();
  const openIncidents: OpenIncidentRow[] = [];
  for (const r of out) {
    if (r.kind === 'check' && r.job_key !== null && r.region !== null) ids.set(checkKey(r.monitor_id, r.job_key, r.region), r.id);
    else if (r.kind === 'incident' && r.cause !== null && r.started_at !== null && r.affected_checks !== null) {
      openIncidents.push({ id: Number(r.id), monitor_id: r.monitor_id, cause: r.cause, started_at: r.started_at, affected_checks: r.affected_checks });
    }
  }
  return { ids, openIncidents };
}

/** Which check: a monitor's check of one job in one region. */
export interface CheckKey {
  monitorId: number;
  jobKey: string;
  region: string;
}

/** The stored checks of keys (the first in `window` of each; keys without one are absent). */
export function storedChecks(em: EntityManager, keys: readonly CheckKey[], window: CheckWindow): Promise<StoredCheckRow[]> {
  return em.query<StoredCheckRow[]>(
    // A probe of the unique index per key (LATERAL ... LIMIT): a join could hash a whole partition.
    `SELECT c.id, c.monitor_id, c.job_key, c.region, c.checked_at, c.status, c.response_time_ms, c.status_code, c.error,
            c.timings, c.certificate_expires_at, c.details
       FROM unnest($1::int[], $2::text[], $5::text[]) AS d(monitor_id, job_key, region)
       CROSS JOIN LATERAL (
         SELECT * FROM checks c
          WHERE c.monitor_id = d.monitor_id AND c.job_key = d.job_key AND c.region = d.region AND c.checked_at >= $3 AND c.checked_at < $4
          ORDER BY c.checked_at LIMIT 1
       ) c`,
    [keys.map((k) => k.monitorId), keys.map((k) => k.jobKey), window.from, window.to, keys.map((k) => k.region)],
  );
}

/** Which round: a monitor's checks of one job, every region. */
export interface RoundKey {
  monitorId: number;
  jobKey: string;
}

/** Every region's check of rounds in `window`, in time order (one statement). */
export function roundChecks(em: EntityManager, rounds: readonly RoundKey[], window: CheckWindow): Promise<CheckRow[]> {
  return em.query<CheckRow[]>(
    `SELECT c.id, c.monitor_id, c.job_key, c.region, c.checked_at, c.status, c.response_time_ms, c.status_code, c.error
       FROM checks c JOIN unnest($1::int[], $2::text[]) AS d(monitor_id, job_key) ON c.monitor_id = d.monitor_id AND c.job_key = d.job_key
      WHERE c.checked_at >= $3 AND c.checked_at < $4 ORDER BY c.checked_at, c.id`,
    [rounds.map((r) => r.monitorId), rounds.map((r) => r.jobKey), window.from, window.to],
  );
}

/** Keeps a failure ping's body with its check (the heartbeat path). */
export async function setCheckPingBody(em: EntityManager, check: { monitorId: number; jobKey: string; checkedAt: Date }, body: string): Promise<void> {
  await em.query(`UPDATE checks SET ping_body = $4 WHERE monitor_id = $1 AND job_key = $2 AND checked_at = $3`, [check.monitorId, check.jobKey, check.checkedAt, body]);
}

/** When the newest check of a round ran (null: none stored). */
export async function newestRoundCheckAt(em: EntityManager, round: RoundKey): Promise<Date | null> {
  const [row] = await em.query<{ at: Date | null }[]>(`SELECT max(checked_at) AS at FROM checks WHERE monitor_id = $1 AND job_key = $2`, [
    round.monitorId,
    round.jobKey,
  ]);
  return row?.at ?? null;
}

/**
 * Serializes writers of the same monitor and region (two deliveries of one job) for the
 * duplicate check, in a fixed order (no deadlock), without touching the monitor row.
 */
export async function lockCheckWriters(em: EntityManager, writers: readonly Omit<CheckKey, 'jobKey'>[]): Promise<void> {
  if (!writers.length) return;
  await em.query(
    `SELECT pg_advisory_xact_lock(d.monitor_id, hashtext(d.region))
       FROM (SELECT DISTINCT monitor_id, region FROM unnest($1::int[], $2::text[]) AS u(monitor_id, region) ORDER BY monitor_id, region) d`,
    [writers.map((w) => w.monitorId), writers.map((w) => w.region)],
  );
}

/** A round's verdict to claim (monitor_rounds: the row is the claim). */
export interface RoundClaim extends RoundKey {
  judgedAt: Date;
  failed: boolean;
  failingRegions: readonly string[];
  skippedRegions: readonly string[];
}

/**
 * Claims rounds as judged, in one statement: each round is claimed once whatever the
 * duplicate deliveries or checkers (callers hold the monitors' row locks). Returns the rounds
 * claimed now.
 */
export async function claimRounds(em: EntityManager, claims: readonly RoundClaim[]): Promise<RoundKey[]> {
  if (!claims.length) return [];
  const rows = await em.query<{ monitor_id: number; job_key: string }[]>(
    `INSERT INTO monitor_rounds (monitor_id, job_key, judged_at, failed, failing_regions, skipped_regions)
     SELECT d.monitor_id, d.job_key, d.judged_at, d.failed, ARRAY(SELECT jsonb_array_elements_text(d.failing)), ARRAY(SELECT jsonb_array_elements_text(d.skipped))
       FROM unnest($1::int[], $2::text[], $3::timestamptz[], $4::bool[], $5::jsonb[], $6::jsonb[]) AS d(monitor_id, job_key, judged_at, failed, failing, skipped)
     ON CONFLICT (monitor_id, job_key) DO NOTHING RETURNING monitor_id, job_key`,
    [
      claims.map((c) => c.monitorId),
      claims.map((c) => c.jobKey),
      claims.map((c) => c.judgedAt),
      claims.map((c) => c.failed),
      claims.map((c) => JSON.stringify(c.failingRegions)),
      claims.map((c) => JSON.stringify(c.skippedRegions)),
    ],
  );
  return rows.map((r) => ({ monitorId: r.monitor_id, jobKey: r.job_key }));
}

/** The latest judged round of each of these monitors: whether it failed, and in how many regions it failed. */
export function latestRoundOutcomes(em: Queryable, monitorIds: readonly number[]): Promise<{ monitor_id: number; failed: boolean; failing: number }[]> {
  return em.query<{ monitor_id: number; failed: boolean; failing: number }[]>(
    `SELECT DISTINCT ON (monitor_id) monitor_id, failed, cardinality(failing_regions) AS failing
       FROM monitor_rounds WHERE monitor_id = ANY($1::int[]) ORDER BY monitor_id, judged_at DESC`,
    [numberArrayLiteral(monitorIds)],
  );
}
