import type { DataSource, EntityManager } from 'typeorm';
import type { Queryable, WriteResult } from '../db/queryable.js';
import type { Statement } from '../db/one-statement.js';
import { hashApiKeySecret, apiKeyPrefix } from '../security/api-key-secret.js';
import type { SecretBox } from '../security/secret-box.js';
import { generateAgentKey, leaseSecretOf } from './agent-key.js';

type Db = DataSource | EntityManager;

/**
 * A location as stored (never its key; the lease secrets stay sealed): a private location of an
 * account, or (accountId null) a region location, whose agents check a public region served by
 * agents (VIGIL_AGENT_REGIONS) for every account.
 */
export interface LocationRow {
  id: number;
  accountId: number | null;
  name: string;
  allowedCidrs: string[];
  keyPrefix: string;
  offlineAfterSeconds: number;
  createdAt: Date;
  keyRotatedAt: Date | null;
  previousKeyExpiresAt: Date | null;
}

/** The location an agent key belongs to, with the lease secret of that key's generation (sealed). */
export interface AgentKeyOwner {
  location: LocationRow;
  sealedLeaseSecret: string;
  /** When the key stops opening the location: the overlap's end for the previous key, null for the current one. */
  keyExpiresAt: Date | null;
}

interface RawRow {
  id: number;
  account_id: number | null;
  name: string;
  allowed_cidrs: string[];
  key_prefix: string;
  offline_after_seconds: number;
  created_at: Date;
  key_rotated_at: Date | null;
  previous_key_expires_at: Date | null;
}

const COLUMNS = 'id, account_id, name, allowed_cidrs, key_prefix, offline_after_seconds, created_at, key_rotated_at, previous_key_expires_at';

function rowOf(r: RawRow): LocationRow {
  return {
    id: r.id,
    accountId: r.account_id,
    name: r.name,
    allowedCidrs: r.allowed_cidrs,
    keyPrefix: r.key_prefix,
    offlineAfterSeconds: r.offline_after_seconds,
    createdAt: r.created_at,
    keyRotatedAt: r.key_rotated_at,
    previousKeyExpiresAt: r.previous_key_expires_at,
  };
}

/** A fresh agent key with what is stored of it: its hash, prefix and sealed lease secret. */
function newKey(box: SecretBox): { key: string; hash: string; prefix: string; sealedLeaseSecret: string } {
  const key = generateAgentKey();
  return { key, hash: hashApiKeySecret(key), prefix: apiKeyPrefix(key), sealedLeaseSecret: box.seal(leaseSecretOf(key)) };
}

/** Creates a location and returns it with its agent key (shown once, never stored). A duplicate name of the account is a unique violation. */
export async function createLocation(
  db: Db,
  box: SecretBox,
  input: { accountId: number; name: string; allowedCidrs: string[]; offlineAfterSeconds: number },
): Promise<{ location: LocationRow; agentKey: string }> {
  const k = newKey(box);
  const rows = await db.query<RawRow[]>(
    `INSERT INTO locations (account_id, name, allowed_cidrs, key_hash, key_prefix, lease_secret, offline_after_seconds)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
    [input.accountId, input.name, input.allowedCidrs, k.hash, k.prefix, k.sealedLeaseSecret, input.offlineAfterSeconds],
  );
  return { location: rowOf(rows[0]), agentKey: k.key };
}

/**
 * How many locations the account has, and, when that is fewer than `limit`, the id (from the
 * sequence) and time of a new one: one statement before the insert, which then goes with its
 * audit entry (issue 35).
 */
export async function locationRoom(db: Db, accountId: number, limit: number): Promise<{ count: number; next: { id: number; at: Date } | null }> {
  const [row] = await db.query<{ n: number; id: number | null; at: Date }[]>(
    `SELECT count(*)::int AS n, CASE WHEN count(*) < $2 THEN nextval(pg_get_serial_sequence('locations', 'id'))::integer END AS id, now() AS at
       FROM locations WHERE account_id = $1`,
    [accountId, limit],
  );
  return { count: row.n, next: row.id === null ? null : { id: row.id, at: row.at } };
}

/**
 * A new location with the id and time locationRoom gave, as it will be stored, its agent key
 * (shown once, never stored), and the INSERT that stores it, to send with its audit entry
 * (recordAuditAlong). A duplicate name of the account is a unique violation then.
 */
export function newLocation(
  box: SecretBox,
  next: { id: number; at: Date },
  input: { accountId: number; name: string; allowedCidrs: string[]; offlineAfterSeconds: number },
): { location: LocationRow; agentKey: string; insert: Statement } {
  const k = newKey(box);
  const location: LocationRow = {
    id: next.id,
    accountId: input.accountId,
    name: input.name,
    allowedCidrs: input.allowedCidrs,
    keyPrefix: k.prefix,
    offlineAfterSeconds: input.offlineAfterSeconds,
    createdAt: next.at,
    keyRotatedAt: null,
    previousKeyExpiresAt: null,
  };
  return {
    location,
    agentKey: k.key,
    insert: {
      sql: `INSERT INTO locations (id, account_id, name, allowed_cidrs, key_hash, key_prefix, lease_secret, offline_after_seconds, created_at)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      params: [next.id, input.accountId, input.name, input.allowedCidrs, k.hash, k.prefix, k.sealedLeaseSecret, input.offlineAfterSeconds, next.at],
    },
  };
}

/** One location of the account with the ids of its monitors that name it (at most 100), in one statement; null when not the account's. */
export async function ownLocationWithMonitors(db: Db, accountId: number, id: number): Promise<{ location: LocationRow; monitorIds: number[] } | null> {
  const rows = await db.query<(RawRow & { monitor_ids: number[] })[]>(
    `SELECT ${COLUMNS}, ARRAY(SELECT m.id FROM monitors m WHERE m.account_id = $2 AND l.name = ANY(m.regions) ORDER BY m.id LIMIT 100) AS monitor_ids
       FROM locations l WHERE l.id = $1 AND l.account_id = $2`,
    [id, accountId],
  );
  return rows.length ? { location: rowOf(rows[0]), monitorIds: rows[0].monitor_ids } : null;
}

/** The DELETE of one location of the account, returning its id (none: not the account's), to send with its entry (writeAudited). */
export function locationDelete(accountId: number, id: number): Statement {
  return { sql: 'DELETE FROM locations WHERE id = $1 AND account_id = $2 RETURNING id', params: [id, accountId] };
}

/**
 * rotateLocationKey's UPDATE, returning the location (none: not the account's), to send with its
 * entry (writeAudited), and the new agent key.
 */
export function locationKeyRotation(box: SecretBox, accountId: number, id: number, now: Date, overlapUntil: Date): { agentKey: string; update: Statement } {
  const k = newKey(box);
  return {
    agentKey: k.key,
    update: {
      sql: `UPDATE locations SET previous_key_hash = key_hash, previous_lease_secret = lease_secret, previous_key_expires_at = $3,
                   key_hash = $4, key_prefix = $5, lease_secret = $6, key_rotated_at = $7
             WHERE id = $1 AND account_id = $2 RETURNING ${COLUMNS}`,
      params: [id, accountId, overlapUntil, k.hash, k.prefix, k.sealedLeaseSecret, now],
    },
  };
}

/** A location row as a statement returned it (locationKeyRotation's). */
export type StoredLocationRow = RawRow;

/** The LocationRow of a returned row. */
export function locationOfRow(r: StoredLocationRow): LocationRow {
  return rowOf(r);
}

/** The account's locations, oldest first. */
export async function listLocations(db: Db, accountId: number): Promise<LocationRow[]> {
  const rows = await db.query<RawRow[]>(`SELECT ${COLUMNS} FROM locations WHERE account_id = $1 ORDER BY id`, [accountId]);
  return rows.map(rowOf);
}

/** One location of the account, or null (another account's is null too). */
export async function findOwnLocation(db: Db, accountId: number, id: number): Promise<LocationRow | null> {
  const rows = await db.query<RawRow[]>(`SELECT ${COLUMNS} FROM locations WHERE id = $1 AND account_id = $2`, [id, accountId]);
  return rows.length ? rowOf(rows[0]) : null;
}

/** Deletes one location of the account; whether it existed. */
export async function deleteLocation(db: Db, accountId: number, id: number): Promise<boolean> {
  const [rows] = await db.query<WriteResult<{ id: number }>>(`DELETE FROM locations WHERE id = $1 AND account_id = $2 RETURNING id`, [id, accountId]);
  return rows.length > 0;
}

/**
 * A new agent key for the location: the current key becomes the previous one, accepted until
 * `overlapUntil`; a key older than that stops at once. Null when the location is not the account's.
 */
export async function rotateLocationKey(
  db: Db,
  box: SecretBox,
  accountId: number,
  id: number,
  now: Date,
  overlapUntil: Date,
): Promise<{ location: LocationRow; agentKey: string } | null> {
  const k = newKey(box);
  const [updated] = await db.query<WriteResult<RawRow>>(
    `UPDATE locations SET previous_key_hash = key_hash, previous_lease_secret = lease_secret, previous_key_expires_at = $3,
            key_hash = $4, key_prefix = $5, lease_secret = $6, key_rotated_at = $7
      WHERE id = $1 AND account_id = $2 RETURNING ${COLUMNS}`,
    [id, accountId, overlapUntil, k.hash, k.prefix, k.sealedLeaseSecret, now],
  );
  return updated.length ? { location: rowOf(updated[0]), agentKey: k.key } : null;
}

/**
 * The location the agent key of this hash (hashApiKeySecret) opens at `now`: its current key, or
 * the previous one until its overlap ends. Null for any other key. Looked up by hash only (the
 * key is never compared in plain text).
 */
export async function findLocationByAgentKeyHash(db: Db, keyHash: string, now: Date): Promise<AgentKeyOwner | null> {
  const rows = await db.query<(RawRow & { sealed_lease_secret: string; key_expires_at: Date | null })[]>(
    `SELECT ${COLUMNS}, CASE WHEN key_hash = $1 THEN lease_secret ELSE previous_lease_secret END AS sealed_lease_secret,
            CASE WHEN key_hash = $1 THEN NULL ELSE previous_key_expires_at END AS key_expires_at
       FROM locations
      WHERE key_hash = $1 OR (previous_key_hash = $1 AND previous_key_expires_at > $2)`,
    [keyHash, now],
  );
  return rows.length ? { location: rowOf(rows[0]), sealedLeaseSecret: rows[0].sealed_lease_secret, keyExpiresAt: rows[0].key_expires_at } : null;
}

/**
 * The agent key of the region location named `region` (a public region served by agents): the
 * location is created on first use; after that each call rotates its key, the previous one
 * accepted until `overlapUntil`. The operator's command (`vigil region-key`), never an API.
 */
export async function issueRegionKey(db: Db, box: SecretBox, region: string, now: Date, overlapUntil: Date): Promise<{ location: LocationRow; agentKey: string }> {
  const k = newKey(box);
  const rows = await db.query<RawRow[]>(
    `INSERT INTO locations (account_id, name, key_hash, key_prefix, lease_secret)
     VALUES (NULL, $1, $2, $3, $4)
     ON CONFLICT (name) WHERE account_id IS NULL DO UPDATE
        SET previous_key_hash = locations.key_hash, previous_lease_secret = locations.lease_secret, previous_key_expires_at = $6,
            key_hash = EXCLUDED.key_hash, key_prefix = EXCLUDED.key_prefix, lease_secret = EXCLUDED.lease_secret, key_rotated_at = $5
     RETURNING ${COLUMNS}`,
    [region, k.hash, k.prefix, k.sealedLeaseSecret, now, overlapUntil],
  );
  return { location: rowOf(rows[0]), agentKey: k.key };
}

/** The names of the account's private locations (what its monitors may name besides public regions). */
export async function locationNamesOf(db: Db, accountId: number): Promise<string[]> {
  const rows = await db.query<{ name: string }[]>(`SELECT name FROM locations WHERE account_id = $1`, [accountId]);
  return rows.map((r) => r.name);
}

/** One monitor a private location checks periodically, and its interval. */
export interface LocationMonitor {
  locationId: number;
  monitorId: number;
  everyMs: number;
}

/**
 * Every monitor checked periodically from a location: active, not paused, not a push type, of an
 * active account on a plan in `tiers`, naming one of its own account's private locations or a
 * region of `agentRegions` that has a region location.
 */
export async function monitorsOfLocations(db: Db, tiers: readonly string[], pushTypes: readonly string[], agentRegions: readonly string[] = []): Promise<LocationMonitor[]> {
  const rows = await db.query<{ location_id: number; monitor_id: number; check_interval: number }[]>(
    `SELECT l.id AS location_id, m.id AS monitor_id, m.check_interval
       FROM locations l
       JOIN monitors m ON l.name = ANY(m.regions) AND (m.account_id = l.account_id OR (l.account_id IS NULL AND l.name = ANY($3::text[])))
       JOIN accounts a ON a.id = m.account_id
      WHERE m.is_active AND m.status <> 'paused' AND m.type <> ALL($2::text[]) AND a.is_active AND a.tier = ANY($1::text[])
      ORDER BY l.id, m.id`,
    [tiers, pushTypes, agentRegions],
  );
  return rows.map((r) => ({ locationId: r.location_id, monitorId: r.monitor_id, everyMs: r.check_interval * 1000 }));
}

/** A private location as the presence sweep reads it. */
export interface PresenceLocationRow {
  id: number;
  account_id: number;
  name: string;
  offline_after_seconds: number;
  offline_since: Date | null;
}

/** Up to `limit` locations of active accounts with an id above `after`, in id order (one statement). */
export function presenceLocationsPage(q: Queryable, after: number, limit: number): Promise<PresenceLocationRow[]> {
  return q.query<PresenceLocationRow[]>(
    `SELECT l.id, l.account_id, l.name, l.offline_after_seconds, l.offline_since
       FROM locations l JOIN accounts a ON a.id = l.account_id
      WHERE l.id > $1 AND a.is_active ORDER BY l.id LIMIT $2`,
    [after, limit],
  );
}

/** Opens the location's offline episode at `since`; false when one is open already (a concurrent sweep opened it). */
export async function openOfflineEpisode(q: Queryable, id: number, since: Date): Promise<boolean> {
  const [opened] = await q.query<WriteResult<{ id: number }>>(`UPDATE locations SET offline_since = $2 WHERE id = $1 AND offline_since IS NULL RETURNING id`, [id, since]);
  return opened.length > 0;
}

/** Closes the location's offline episode begun at `since`; false when it is not open any more (a concurrent sweep closed it). */
export async function closeOfflineEpisode(q: Queryable, id: number, since: Date): Promise<boolean> {
  const [closed] = await q.query<WriteResult<{ id: number }>>(`UPDATE locations SET offline_since = NULL WHERE id = $1 AND offline_since = $2 RETURNING id`, [id, since]);
  return closed.length > 0;
}
