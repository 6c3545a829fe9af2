import type { Queryable } from '../db/queryable.js';

/**
 * The store of API key use (issue 30): api_keys' last use and api_key_ips, written in batches
 * from what the API counted in Redis.
 */

export interface KeyUse {
  id: number;
  at: Date;
  ip: string;
}

/** Each key's newest use, unless a newer one is stored. */
export async function applyKeyUses(em: Queryable, uses: readonly KeyUse[]): Promise<void> {
  if (!uses.length) return;
  await em.query(
    `UPDATE api_keys k SET last_used_at = u.at, last_used_ip = u.ip
     FROM unnest($1::int[], $2::timestamptz[], $3::text[]) AS u(id, at, ip)
     WHERE k.id = u.id AND (k.last_used_at IS NULL OR k.last_used_at < u.at)`,
    [uses.map((u) => u.id), uses.map((u) => u.at), uses.map((u) => u.ip)],
  );
}

/** A (key, address) pair seen for the first time, with what its audit entry names. */
export interface FirstSighting {
  key_id: number;
  ip: string;
  first_seen_at: Date;
  account_id: number;
  name: string;
}

/** Records the (key, address) pairs not seen before (of keys that still exist); those, oldest first. */
export function recordKeySightings(em: Queryable, sightings: readonly KeyUse[]): Promise<FirstSighting[]> {
  return em.query<FirstSighting[]>(
    `WITH seen AS (
       INSERT INTO api_key_ips (key_id, ip, first_seen_at)
       SELECT s.id, s.ip, s.at FROM unnest($1::int[], $2::text[], $3::timestamptz[]) AS s(id, ip, at)
       WHERE EXISTS (SELECT 1 FROM api_keys k WHERE k.id = s.id)
       ON CONFLICT (key_id, ip) DO NOTHING
       RETURNING key_id, ip, first_seen_at)
     SELECT seen.key_id, seen.ip, seen.first_seen_at, k.account_id, k.name
     FROM seen JOIN api_keys k ON k.id = seen.key_id ORDER BY seen.first_seen_at, seen.key_id`,
    [sightings.map((s) => s.id), sightings.map((s) => s.ip), sightings.map((s) => s.at)],
  );
}
