import {
  isDatabaseUnavailable,
  type AlertEventPayload,
  judgePing,
  lockHeartbeatMonitors,
  lockHeartbeatRows,
  nextHeartbeatDeadline,
  saveHeartbeatStates,
  setCheckPingBody,
  type HeartbeatPingPayload,
  type HeartbeatState,
  type Logger,
  type Tier,
} from '@vigil/core';
import type { DataSource } from 'typeorm';
import { loadMaintenance } from '../persistence/load-maintenance.js';
import { recordChecksIn, type CheckRecord } from '../persistence/record-checks.js';
import { checkRecord, lockedHeartbeatOf, type RecordedHeartbeat } from './record-heartbeat.js';

/** A ping of the batch was recorded before (a job delivered again): the batch rolls back and each ping goes alone. */
class DeliveredBefore extends Error {}

/** The pings of a batch, with the alert events their transaction wrote. */
export interface RecordedPings {
  outcomes: PromiseSettledResult<RecordedHeartbeat>[];
  alerts: AlertEventPayload[];
  /** In one transaction; false: one by one (a single ping, one delivered before, or the batch failed). */
  together: boolean;
}

/**
 * Records concurrent pings (HeartbeatPing jobs running together) in ONE transaction, leaving
 * exactly what they leave recorded one after the other (issue 35: a ping was a transaction of
 * its own, about ten round trips): the monitors and their heartbeat rows locked in id order,
 * each monitor's pings judged in the order they were received, every check recorded by one
 * recordChecksIn, every state saved in one statement. A ping delivered again (its check is there
 * already), or a batch that fails, falls back to recordPing per ping, so each ping's job
 * succeeds or fails alone.
 */
export async function recordPings(db: DataSource, tiers: readonly Tier[], pings: readonly HeartbeatPingPayload[], logger: Logger): Promise<RecordedPings> {
  if (pings.length > 1) {
    try {
      const { results, alerts } = await recordTogether(db, tiers, pings);
      return { outcomes: results.map((value) => ({ status: 'fulfilled', value })), alerts, together: true };
    } catch (e) {
      // PostgreSQL away: every ping's job fails and is retried, alone or not.
      if (isDatabaseUnavailable(e)) throw e;
      if (!(e instanceof DeliveredBefore)) logger.warn('ping batch failed; recording its pings one by one', { size: pings.length, error: (e as Error).message });
    }
  }
  const settled = await Promise.allSettled(pings.map((p) => recordPing(db, tiers, p)));
  return { outcomes: settled, alerts: settled.flatMap((s) => (s.status === 'fulfilled' ? s.value.alerts : [])), together: false };
}

/** Judges one ping and records its check (none for a start ping): a batch of one. */
export async function recordPing(db: DataSource, tiers: readonly Tier[], ping: HeartbeatPingPayload): Promise<RecordedHeartbeat> {
  try {
    return (await recordTogether(db, tiers, [ping])).results[0];
  } catch (e) {
    // Delivered before: the check and the state moved together then.
    if (e instanceof DeliveredBefore) return { recorded: false, alerts: [] };
    throw e;
  }
}

/** The pings' outcomes (in their order) and the alert events of their one transaction; throws DeliveredBefore. */
async function recordTogether(db: DataSource, tiers: readonly Tier[], pings: readonly HeartbeatPingPayload[]): Promise<{ results: RecordedHeartbeat[]; alerts: AlertEventPayload[] }> {
  const ids = [...new Set(pings.map((p) => p.monitorId))].sort((a, b) => a - b);
  // Evaluated before the transaction: no RRULE is expanded under the monitors' locks.
  const maintenance = await loadMaintenance(db, ids, pings.map((p) => new Date(p.receivedAt)));
  return db.transaction(async (em) => {
    const monitors = new Map((await lockHeartbeatMonitors(em, ids)).map((m) => [m.id, m]));
    const rows = new Map((await lockHeartbeatRows(em, [...monitors.keys()])).map((r) => [r.monitor_id, r]));
    const results: RecordedHeartbeat[] = pings.map(() => ({ recorded: false, alerts: [] }));
    const records: CheckRecord[] = [];
    const bodies: { record: CheckRecord; body: string }[] = [];
    const saves: { monitorId: number; state: HeartbeatState; deadlineAt: Date | null }[] = [];
    for (const id of ids) {
      const locked = lockedHeartbeatOf(monitors.get(id), rows.get(id), tiers);
      if (!locked || !locked.live) continue;
      let state = locked.state;
      let judged = false;
      for (const i of receivedOrder(pings, id)) {
        const ping = pings[i];
        const at = new Date(ping.receivedAt);
        // A start delivered again after its run ended must not restart the run.
        if (ping.kind === 'start' && state.lastStartAt && state.lastStartAt.getTime() >= at.getTime()) continue;
        const outcome = judgePing(locked.rules, state, { kind: ping.kind, at, exitCode: ping.exitCode });
        if (outcome.verdict) {
          const record = checkRecord(id, `ping:${ping.pingId}`, outcome.verdict);
          records.push(record);
          if (ping.body !== null && outcome.verdict.status === 'failure') bodies.push({ record, body: ping.body });
        }
        state = outcome.state;
        judged = true;
        results[i].recorded = true;
      }
      // Only repeated starts: nothing moved, nothing written.
      if (judged) saves.push({ monitorId: id, state, deadlineAt: nextHeartbeatDeadline(locked.rules, state) });
    }
    let alerts: AlertEventPayload[] = [];
    if (records.length) {
      // The monitors are locked already, with the columns the writer records by.
      const batch = await recordChecksIn(em, records, maintenance, monitors);
      if (batch.outcomes.some((o) => o.kind !== 'recorded')) throw new DeliveredBefore();
      alerts = batch.alerts;
      for (const { record, body } of bodies) await setCheckPingBody(em, { monitorId: record.monitorId, jobKey: record.jobKey, checkedAt: new Date(record.result.timestamp) }, body);
    }
    await saveHeartbeatStates(em, saves);
    return { results, alerts };
  });
}

/** The indexes of the monitor's pings, oldest received first (arrival order among equal times). */
function receivedOrder(pings: readonly HeartbeatPingPayload[], monitorId: number): number[] {
  const mine: number[] = [];
  pings.forEach((p, i) => {
    if (p.monitorId === monitorId) mine.push(i);
  });
  return mine.sort((a, b) => Date.parse(pings[a].receivedAt) - Date.parse(pings[b].receivedAt) || a - b);
}
