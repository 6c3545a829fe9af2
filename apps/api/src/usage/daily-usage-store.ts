import type { DataSource } from 'typeorm';

/** Adds to an account's durable request count of one UTC day (delta -1 takes a 429 back). */
export async function addDailyUsage(db: DataSource, accountId: number, day: string, delta: number): Promise<void> {
  await db.query(
    `INSERT INTO daily_usage (account_id, day, requests) VALUES ($1, $2, GREATEST($3, 0))
     ON CONFLICT (account_id, day) DO UPDATE SET requests = GREATEST(daily_usage.requests + $3, 0)`,
    [accountId, day, delta],
  );
}
