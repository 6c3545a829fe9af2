import type { EntityManager } from 'typeorm';
import { alertOutboxMessage, writeOutbox } from '../outbox/outbox-message.js';
import type { AlertEventPayloadOf } from '../queue/alert-events.js';
import type { Context } from '../runtime/context.js';
import { lastAgentPolls } from './agent-presence.js';
import { closeOfflineEpisode, openOfflineEpisode, presenceLocationsPage, type PresenceLocationRow } from './location-store.js';

/** Locations a sweep reads per query, and queries per run; the next run carries on from a cursor in Redis. */
export const PRESENCE_BATCH = 500;
export const PRESENCE_ROUNDS = 20;

/** What a sweep knows of one location. */
export interface PresenceState {
  offlineAfterSeconds: number;
  /** The last poll before the open offline episode (epoch ms); null: none open. */
  offlineSinceMs: number | null;
}

/**
 * What a location's newest poll means now: `offline` when no episode is open and no agent has
 * polled for `offline_after_seconds`; `online` when an episode is open and an agent polled after
 * it began; else nothing. A location no agent ever polled (or whose polls Redis lost) is never
 * offline: there is no agent to miss yet. Pure.
 */
export function presenceChange(state: PresenceState, lastPollMs: number | null, nowMs: number): 'offline' | 'online' | null {
  if (lastPollMs === null) return null;
  if (state.offlineSinceMs === null) return nowMs - lastPollMs >= state.offlineAfterSeconds * 1000 ? 'offline' : null;
  return lastPollMs > state.offlineSinceMs ? 'online' : null;
}

export interface PresenceOutcome {
  locations: number;
  offline: number;
  online: number;
}

type PresenceContext = Pick<Context, 'db' | 'redis' | 'config'>;

const cursorKey = (p: string) => `${p}:location-presence:cursor`;

/**
 * One sweep over the private locations of active accounts (every 15 s in the checker): writes
 * `location.offline` to the outbox once per silence and `location.online` when an agent polls
 * again, each with the location's row change in one transaction (a concurrent sweep changes
 * nothing a second time; the event ids repeat anyway). Bounded: `rounds` queries of `batch`
 * locations; a larger fleet is finished by the next runs (the cursor is kept in Redis).
 */
export async function sweepLocationPresence(
  ctx: PresenceContext,
  now: Date,
  limits: { batch: number; rounds: number } = { batch: PRESENCE_BATCH, rounds: PRESENCE_ROUNDS },
): Promise<PresenceOutcome> {
  const p = ctx.config.redisPrefix;
  const outcome: PresenceOutcome = { locations: 0, offline: 0, online: 0 };
  let after = Number((await ctx.redis.get(cursorKey(p))) ?? 0);
  for (let round = 0; round < limits.rounds; round++) {
    const rows = await presenceLocationsPage(ctx.db, after, limits.batch);
    const polls = await lastAgentPolls(ctx.redis, p, rows.map((r) => r.id));
    for (const [i, row] of rows.entries()) {
      const lastPollMs = polls[i];
      const change = presenceChange({ offlineAfterSeconds: row.offline_after_seconds, offlineSinceMs: row.offline_since?.getTime() ?? null }, lastPollMs, now.getTime());
      if (change === null || lastPollMs === null) continue;
      const written = await ctx.db.transaction((m) => (change === 'offline' ? reportOffline(ctx, m, row, lastPollMs, now) : reportOnline(ctx, m, row, lastPollMs, now)));
      if (written) outcome[change]++;
    }
    outcome.locations += rows.length;
    // The end of the list: the next run starts from the beginning.
    after = rows.length < limits.batch ? 0 : rows[rows.length - 1].id;
    if (after === 0) break;
  }
  await ctx.redis.set(cursorKey(p), String(after));
  return outcome;
}

const locationUrl = (ctx: PresenceContext, id: number) => `${ctx.config.baseUrl}/api/v1/locations/${id}`;

/** Opens the offline episode (unless a concurrent sweep did) and writes `location.offline`. */
async function reportOffline(ctx: PresenceContext, m: EntityManager, row: PresenceLocationRow, lastPollMs: number, now: Date): Promise<boolean> {
  const since = new Date(lastPollMs);
  if (!(await openOfflineEpisode(m, row.id, since))) return false;
  const event: AlertEventPayloadOf<'location.offline'> = {
    eventId: `location-${row.id}-offline-${lastPollMs}`,
    accountId: row.account_id,
    event: 'location.offline',
    createdAt: now.toISOString(),
    data: {
      location: { id: row.id, name: row.name },
      last_poll: since.toISOString(),
      offline_after_seconds: row.offline_after_seconds,
      location_url: locationUrl(ctx, row.id),
    },
  };
  await writeOutbox(m, [alertOutboxMessage(event)]);
  return true;
}

/** Closes the offline episode (unless a concurrent sweep did) and writes `location.online`. */
async function reportOnline(ctx: PresenceContext, m: EntityManager, row: PresenceLocationRow, lastPollMs: number, now: Date): Promise<boolean> {
  const since = row.offline_since;
  if (since === null) return false;
  if (!(await closeOfflineEpisode(m, row.id, since))) return false;
  const event: AlertEventPayloadOf<'location.online'> = {
    eventId: `location-${row.id}-online-${since.getTime()}`,
    accountId: row.account_id,
    event: 'location.online',
    createdAt: now.toISOString(),
    data: {
      location: { id: row.id, name: row.name },
      offline_since: since.toISOString(),
      last_poll: new Date(lastPollMs).toISOString(),
      offline_seconds: Math.round((lastPollMs - since.getTime()) / 1000),
      location_url: locationUrl(ctx, row.id),
    },
  };
  await writeOutbox(m, [alertOutboxMessage(event)]);
  return true;
}
