import { openMonitorSecrets, type MonitorMethod, type MonitorStatus, type SecretBox } from '@vigil/core';
import type { DataSource } from 'typeorm';
import { GroupCommit, type GroupCommitOptions } from '../persistence/group-commit.js';
import type { ProbeTarget } from '../probe/probe-target.js';

/** What a MonitorCheck job needs to know before it probes. */
export interface MonitorToCheck {
  id: number;
  accountId: number;
  status: MonitorStatus;
  isActive: boolean;
  target: ProbeTarget;
}

interface Row {
  id: number;
  account_id: number;
  status: MonitorStatus;
  is_active: boolean;
  url: string;
  method: MonitorMethod;
  headers: Record<string, string> | null;
  credentials: string | null;
  body: string | null;
  timeout: number;
  follow_redirects: boolean;
  verify_ssl: boolean;
  expected_status_codes: number[] | null;
  expected_content: string | null;
}

/** The monitor with its credentials opened (throws SecretBoxError when sealed under another key). */
function toMonitor(r: Row, box: SecretBox): MonitorToCheck {
  const clear = openMonitorSecrets(box, { url: r.url, headers: r.headers ?? {}, credentials: r.credentials });
  return {
    id: r.id,
    accountId: r.account_id,
    status: r.status,
    isActive: r.is_active,
    target: {
      url: clear.url,
      method: r.method,
      headers: clear.headers,
      body: r.body,
      timeoutSeconds: r.timeout,
      followRedirects: r.follow_redirects,
      verifySsl: r.verify_ssl,
      expectedStatusCodes: r.expected_status_codes ?? [],
      expectedContent: r.expected_content,
    },
  };
}

/**
 * The monitors of these ids that exist and belong to an active account on one of `tiers` (the
 * plans with uptime monitoring); one query. Others are not checked, like deleted ones.
 */
export async function loadMonitorsToCheck(
  db: DataSource,
  box: SecretBox,
  ids: number[],
  tiers: readonly string[],
): Promise<Map<number, PromiseSettledResult<MonitorToCheck>>> {
  const rows = (await db.query(
    `SELECT m.id, m.account_id, m.status, m.is_active, m.url, m.method, m.headers, m.credentials, m.body, m.timeout, m.follow_redirects,
            m.verify_ssl, m.expected_status_codes, m.expected_content
       FROM monitors m JOIN accounts a ON a.id = m.account_id
      WHERE m.id = ANY($1::int[]) AND a.is_active AND a.tier = ANY($2::text[])`,
    [ids, tiers],
  )) as Row[];
  return new Map(
    rows.map((r): [number, PromiseSettledResult<MonitorToCheck>] => {
      try {
        return [r.id, { status: 'fulfilled', value: toMonitor(r, box) }];
      } catch (e) {
        return [r.id, { status: 'rejected', reason: new Error(`Monitor credentials cannot be opened (${(e as Error).message}); set its URL and headers again`) }];
      }
    }),
  );
}

export const MONITOR_LOADER_DEFAULTS: GroupCommitOptions = { maxBatch: 200, maxDelayMs: 2, maxInFlight: 4 };

/** Loads monitors for concurrent jobs with one query per few milliseconds instead of one each. */
export function createMonitorLoader(db: DataSource, box: SecretBox, tiers: readonly string[], opts: Partial<GroupCommitOptions> = {}) {
  const group = new GroupCommit<number, MonitorToCheck | null>(
    async (ids) => {
      const found = await loadMonitorsToCheck(db, box, [...new Set(ids)], tiers);
      return ids.map((id) => found.get(id) ?? { status: 'fulfilled', value: null });
    },
    { ...MONITOR_LOADER_DEFAULTS, ...opts },
  );
  return { load: (id: number) => group.submit(id) };
}

/**
 * Whether a job should probe: a scheduled check needs an active monitor that is not paused (a
 * stray job of a paused or deactivated monitor does nothing); a manual check needs an active one.
 */
export function shouldCheck(m: Pick<MonitorToCheck, 'status' | 'isActive'> | null, manual: boolean): boolean {
  if (!m || !m.isActive) return false;
  return manual || m.status !== 'paused';
}
