import type { Context } from '@vigil/core';

export interface StatusFixture {
  monitorIds: number[];
  domainIds: number[];
  /** The open incident (on the second monitor, which is down). */
  openIncidentId: number;
  /** A resolved incident of the first monitor, two days ago. */
  resolvedIncidentId: number;
}

/** Marks the monitors' URLs and headers carry, which no public answer may show. */
export const FIXTURE_SECRET = 'fixture-secret-7f3a';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/**
 * An account's history as a status page shows it: `monitors` monitors (the second one down
 * with an open incident) with `days` days of hourly rollups, one bad day for the first monitor
 * and a resolved incident, and two domains with grades and certificates. Times are relative
 * to `now` (the test's clock).
 */
export async function seedStatusFixture(ctx: Context, accountId: number, now: Date, opts: { monitors?: number; days?: number } = {}): Promise<StatusFixture> {
  const count = opts.monitors ?? 3;
  const days = opts.days ?? 90;
  const monitorIds: number[] = [];
  for (let i = 1; i <= count; i++) {
    const url = `https://internal-${i}.${FIXTURE_SECRET}.example/health`;
    const [row] = (await ctx.db.query(
      `INSERT INTO monitors (account_id, name, url, normalized_url, status, headers, last_checked_at)
       VALUES ($1, $2, $3, $3, $4, $5, $6) RETURNING id`,
      [accountId, `Service ${i}`, `${url}?n=${Math.random()}`, i === 2 ? 'down' : 'up', JSON.stringify({ Authorization: `Bearer ${FIXTURE_SECRET}` }), now],
    )) as { id: number }[];
    monitorIds.push(row.id);
  }
  const lastHour = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  const firstHour = lastHour - (days * 24 - 1) * HOUR_MS;
  const badDay = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS - 2 * DAY_MS);
  await ctx.db.query(
    `INSERT INTO monitor_rollups (monitor_id, hour, total, successful, response_time_sum, response_time_count)
     SELECT m.id, h, 60,
            CASE WHEN m.id = $4 AND h >= $5 AND h < $5 + interval '6 hours' THEN 30 ELSE 60 END,
            60 * (100 + m.id % 50), 60
       FROM unnest($1::int[]) AS m(id), generate_series($2::timestamptz, $3::timestamptz, interval '1 hour') AS h`,
    [monitorIds, new Date(firstHour), new Date(lastHour), monitorIds[0], badDay],
  );
  const [resolved] = (await ctx.db.query(
    `INSERT INTO incidents (monitor_id, account_id, status, started_at, resolved_at, duration_seconds, cause, affected_checks)
     VALUES ($1, $2, 'resolved', $3, $4, 10800, $5, 30) RETURNING id`,
    [monitorIds[0], accountId, badDay, new Date(badDay.getTime() + 3 * HOUR_MS), `Connection refused by internal-1.${FIXTURE_SECRET}.example (10.0.0.7:443)`],
  )) as { id: number }[];
  const [open] = (await ctx.db.query(
    `INSERT INTO incidents (monitor_id, account_id, status, started_at, cause, affected_checks)
     VALUES ($1, $2, 'open', $3, $4, 3) RETURNING id`,
    [monitorIds[1 % count], accountId, openIncidentStart(now), `Timeout after 30 s (${FIXTURE_SECRET})`],
  )) as { id: number }[];
  const domainIds: number[] = [];
  for (const [name, grade, daysLeft] of [
    ['www', 'A+', 60],
    ['api', 'B', 5],
  ] as const) {
    const [row] = (await ctx.db.query(
      `INSERT INTO domains (account_id, hostname, ssl_grade, cert_valid_to) VALUES ($1, $2, $3, $4) RETURNING id`,
      [accountId, `${name}.acme-${accountId}.example`, grade, new Date(now.getTime() + daysLeft * DAY_MS + HOUR_MS)],
    )) as { id: number }[];
    domainIds.push(row.id);
  }
  return { monitorIds, domainIds, openIncidentId: open.id, resolvedIncidentId: resolved.id };
}

/**
 * 20 minutes ago, but never before today's 00:00 UTC: pages draw an incident on every day it
 * touches, and the fixture promises one day (today) for the open incident whatever the hour.
 */
function openIncidentStart(now: Date): Date {
  const startOfDay = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  return new Date(Math.max(now.getTime() - 20 * 60_000, startOfDay));
}
