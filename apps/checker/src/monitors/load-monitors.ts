import { setTimeout as sleep } from 'node:timers/promises';
import {
  accountsOfMonitors,
  isDatabaseUnavailable,
  monitorsToCheck,
  openMonitorSecrets,
  scheduledMonitorsPage,
  typedConfigOf,
  type Logger,
  type MonitorStatus,
  type MonitorToCheckRow,
  type SecretBox,
} from '@vigil/core';
import type { DataSource } from 'typeorm';
import { GroupCommit, type GroupCommitOptions } from '../persistence/group-commit.js';
import type { ProbeTarget } from '../probe/probe-target.js';

/** What a MonitorCheck job needs to know before it probes. */
export interface MonitorToCheck {
  id: number;
  accountId: number;
  status: MonitorStatus;
  isActive: boolean;
  /** The regions that check it: more than one, its checks are rounds (rounds/). */
  regions: string[];
  /** Seconds between scheduled checks. */
  checkInterval: number;
  target: ProbeTarget;
}

/** The monitor with its credentials opened (throws SecretBoxError when sealed under another key). */
function toMonitor(r: MonitorToCheckRow, box: SecretBox): MonitorToCheck {
  return {
    id: r.id,
    accountId: r.account_id,
    status: r.status,
    isActive: r.is_active,
    regions: r.regions,
    checkInterval: r.check_interval,
    target: targetOf(r, box),
  };
}

/** The probe target of a row: http from its columns, other types from their configuration. */
function targetOf(r: MonitorToCheckRow, box: SecretBox): ProbeTarget {
  if (r.type !== 'http') {
    const typed = typedConfigOf({ id: r.id, type: r.type, config: r.config });
    return { ...typed.config, type: typed.type, timeoutSeconds: r.timeout } as ProbeTarget;
  }
  const clear = openMonitorSecrets(box, { url: r.url, headers: r.headers ?? {}, credentials: r.credentials });
  return {
    type: 'http',
    url: clear.url,
    method: r.method,
    headers: clear.headers,
    body: r.body,
    timeoutSeconds: r.timeout,
    followRedirects: r.follow_redirects,
    verifySsl: r.verify_ssl,
    expectedStatusCodes: r.expected_status_codes ?? [],
    expectedContent: r.expected_content,
    assertions: r.assertions ?? [],
  };
}

/** The monitor, or why it cannot be checked (its credentials cannot be opened). */
function settle(r: MonitorToCheckRow, box: SecretBox): PromiseSettledResult<MonitorToCheck> {
  try {
    return { status: 'fulfilled', value: toMonitor(r, box) };
  } catch (e) {
    return { status: 'rejected', reason: new Error(`Monitor credentials cannot be opened (${(e as Error).message}); set its URL and headers again`) };
  }
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
  const rows = await monitorsToCheck(db, ids, tiers);
  return new Map(rows.map((r): [number, PromiseSettledResult<MonitorToCheck>] => [r.id, settle(r, box)]));
}

const WARM_PAGE = 5_000;

/**
 * Every monitor that is scheduled (active, not paused, of a checked account) with an id above
 * `after` and credentials that open, page by page in id order.
 */
async function* scheduledMonitors(db: DataSource, box: SecretBox, tiers: readonly string[], after: number): AsyncGenerator<MonitorToCheck[]> {
  for (;;) {
    const rows = await scheduledMonitorsPage(db, tiers, after, WARM_PAGE);
    if (!rows.length) return;
    yield rows.map((r) => settle(r, box)).flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    after = rows[rows.length - 1].id;
  }
}

export interface MonitorLoaderOptions extends GroupCommitOptions {
  /** While PostgreSQL is unreachable, how long a job without a known configuration waits for it. */
  maxWaitMs: number;
  /** After a failed load, loads use the known configurations without trying PostgreSQL for this long. */
  retryMs: number;
}

export const MONITOR_LOADER_DEFAULTS: MonitorLoaderOptions = { maxBatch: 200, maxDelayMs: 2, maxInFlight: 4, maxWaitMs: 60_000, retryMs: 1_000 };

/**
 * Loads monitors for concurrent jobs with one query per few milliseconds instead of one each.
 * Every load reads PostgreSQL, so changes apply at once; the last configuration read of each
 * monitor is kept in this process's memory (never written anywhere: it holds credentials) and
 * serves while PostgreSQL cannot be reached, so checks go on through an outage. `warm()` reads
 * every scheduled monitor in advance (the checker does at start and every few minutes), so that
 * holds for monitors this process has not checked yet; one it still does not know waits for
 * PostgreSQL, up to `maxWaitMs`.
 */
export function createMonitorLoader(
  db: DataSource,
  box: SecretBox,
  tiers: readonly string[],
  opts: Partial<MonitorLoaderOptions> = {},
  logger?: Logger,
) {
  const o = { ...MONITOR_LOADER_DEFAULTS, ...opts };
  const known = new Map<number, MonitorToCheck>();
  let unreachableUntil = 0;
  let highestWarmed = 0;
  const group = new GroupCommit<number, MonitorToCheck | null>(
    async (ids) => {
      const found = await loadMonitorsToCheck(db, box, [...new Set(ids)], tiers);
      return ids.map((id) => found.get(id) ?? { status: 'fulfilled', value: null });
    },
    o,
  );
  const fromDatabase = async (id: number): Promise<MonitorToCheck | null> => {
    const m = await group.submit(id);
    if (unreachableUntil) logger?.info('database reachable again; monitor configurations reloaded');
    unreachableUntil = 0;
    if (m) known.set(id, m);
    else known.delete(id);
    return m;
  };
  return {
    /**
     * Reads every scheduled monitor's configuration into memory (`newOnly`: only monitors created
     * since the last warm, i.e. with a higher id); returns how many.
     */
    async warm(newOnly = false): Promise<number> {
      let n = 0;
      for await (const page of scheduledMonitors(db, box, tiers, newOnly ? highestWarmed : 0)) {
        for (const m of page) known.set(m.id, m);
        highestWarmed = Math.max(highestWarmed, page[page.length - 1].id);
        n += page.length;
      }
      return n;
    },
    /**
     * The account of each monitor, from the configurations in memory, and for those not known yet
     * from one query; a monitor PostgreSQL cannot tell about (gone, or unreachable) has none.
     */
    async accountsOf(ids: readonly number[]): Promise<Map<number, number>> {
      const accounts = new Map<number, number>();
      const unknown: number[] = [];
      for (const id of ids) {
        const m = known.get(id);
        if (m) accounts.set(id, m.accountId);
        else unknown.push(id);
      }
      if (!unknown.length || performance.now() < unreachableUntil) return accounts;
      try {
        for (const [id, accountId] of await accountsOfMonitors(db, unknown)) accounts.set(id, accountId);
      } catch (e) {
        if (!isDatabaseUnavailable(e)) throw e;
      }
      return accounts;
    },
    async load(id: number): Promise<MonitorToCheck | null> {
      const started = performance.now();
      for (;;) {
        const cached = known.get(id);
        if (cached && performance.now() < unreachableUntil) return cached;
        try {
          return await fromDatabase(id);
        } catch (e) {
          if (!isDatabaseUnavailable(e)) throw e;
          if (!unreachableUntil) logger?.warn('database unreachable; checking with the last known monitor configurations', { error: (e as Error).message });
          unreachableUntil = performance.now() + o.retryMs;
          if (cached) return cached;
          if (performance.now() - started >= o.maxWaitMs) throw e;
          await sleep(o.retryMs);
        }
      }
    },
  };
}

/**
 * Whether a job should probe: a scheduled check needs an active monitor that is not paused (a
 * stray job of a paused or deactivated monitor does nothing); a manual check needs an active one.
 */
export function shouldCheck(m: Pick<MonitorToCheck, 'status' | 'isActive'> | null, manual: boolean): boolean {
  if (!m || !m.isActive) return false;
  return manual || m.status !== 'paused';
}

export type MonitorLoader = ReturnType<typeof createMonitorLoader>;

