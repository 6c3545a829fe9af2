import { accountUsageCounts, type Queryable } from '@vigil/core';
import { accountCheckHours, type SettledCounts } from '../monitors/settled-counts.js';

export interface AccountUsage {
  scans: number;
  alerts: number;
  /** Monitors and domains the account has now. */
  monitors: number;
  domains: number;
  /** Checks of the account's monitors over the hours that start in [from, now). */
  checks: number;
}

/**
 * What the usage and billing answers count over [from, now): one statement for the counts and the
 * live hours' checks, the settled hours' checks from the account's cached total (a second
 * statement only when the hour, the period or the account's monitors changed).
 */
export async function accountUsage(db: Queryable, counts: SettledCounts, accountId: number, from: Date, now: Date): Promise<AccountUsage> {
  const hours = accountCheckHours(from, now);
  const read = await accountUsageCounts(db, accountId, { from, liveFromHour: hours.liveFrom, to: now });
  const settled = await counts.accountSettled(db, accountId, hours, read.monitorSet);
  return { scans: read.scans, alerts: read.alerts, monitors: read.monitors, domains: read.domains, checks: read.liveChecks + settled };
}
