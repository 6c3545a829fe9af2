import type { Queryable } from '../db/queryable.js';

/**
 * The store of counted API requests (issue 30): daily_usage and usage_flush_state. The API counts
 * in Redis and flushes batches here; a batch carries a sequence number per account, and only a
 * batch newer than the account's last applied one adds its counts (a batch retried after a
 * crash is applied once).
 */

const APPLY = `
WITH batch AS (
  SELECT b.account_id, b.seq FROM unnest($1::int[], $2::bigint[]) AS b(account_id, seq)
  WHERE EXISTS (SELECT 1 FROM accounts a WHERE a.id = b.account_id)),
advanced AS (
  INSERT INTO usage_flush_state (account_id, seq) SELECT account_id, seq FROM batch
  ON CONFLICT (account_id) DO UPDATE SET seq = EXCLUDED.seq WHERE usage_flush_state.seq < EXCLUDED.seq
  RETURNING account_id)
INSERT INTO daily_usage (account_id, day, requests)
SELECT d.account_id, d.day, d.delta FROM unnest($3::int[], $4::date[], $5::int[]) AS d(account_id, day, delta)
WHERE d.account_id IN (SELECT account_id FROM advanced)
ON CONFLICT (account_id, day) DO UPDATE SET requests = GREATEST(daily_usage.requests + EXCLUDED.requests, 0)`;

export interface UsageBatch {
  accountId: number;
  /** The batch's sequence number (bigint as text). */
  seq: string;
  /** Requests by UTC day (YYYY-MM-DD); a negative delta takes back 429s. */
  days: ReadonlyMap<string, number>;
}

/** Applies the batches in one statement: those of deleted accounts, and those applied before, add nothing. */
export async function applyUsageBatches(em: Queryable, batches: readonly UsageBatch[]): Promise<void> {
  if (!batches.length) return;
  const rows = batches.flatMap((b) => [...b.days].map(([day, delta]) => ({ accountId: b.accountId, day, delta })));
  await em.query(APPLY, [
    batches.map((b) => b.accountId),
    batches.map((b) => b.seq),
    rows.map((r) => r.accountId),
    rows.map((r) => r.day),
    rows.map((r) => r.delta),
  ]);
}

/** The account's flushed counts by day over [fromDay, toDay], and the last batch applied (bigint as text, '0' when none). */
export async function flushedUsage(em: Queryable, accountId: number, fromDay: string, toDay: string): Promise<{ flushedSeq: string; days: Map<string, number> }> {
  const [row] = await em.query<{ flushed: string; days: Record<string, number> | null }[]>(
    `SELECT COALESCE((SELECT seq FROM usage_flush_state WHERE account_id = $1), 0)::text AS flushed,
            (SELECT json_object_agg(to_char(day, 'YYYY-MM-DD'), requests) FROM daily_usage
             WHERE account_id = $1 AND day >= $2::date AND day <= $3::date) AS days`,
    [accountId, fromDay, toDay],
  );
  return { flushedSeq: row?.flushed ?? '0', days: new Map(Object.entries(row?.days ?? {}).map(([day, n]) => [day, Number(n)])) };
}
