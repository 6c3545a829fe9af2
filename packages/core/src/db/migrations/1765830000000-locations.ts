import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Private locations (docs/agents.md): an account's own location, named like a region, whose
 * agents authenticate with one key. Only the key's SHA-256 is stored (as for API keys); after a
 * rotation the previous hash keeps working until `previous_key_expires_at`. `lease_secret` is
 * the secret leases are sealed to (derived from the key, so the agent derives it too), stored
 * sealed under VIGIL_SECRET_KEY, one per key generation.
 */
export class Locations1765830000000 implements MigrationInterface {
  name = 'Locations1765830000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE locations (
        id serial PRIMARY KEY,
        account_id integer NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        name text NOT NULL,
        allowed_cidrs text[] NOT NULL DEFAULT '{}',
        key_hash text NOT NULL UNIQUE,
        key_prefix text NOT NULL,
        lease_secret text NOT NULL,
        previous_key_hash text UNIQUE,
        previous_lease_secret text,
        previous_key_expires_at timestamptz,
        offline_after_seconds integer NOT NULL DEFAULT 300,
        created_at timestamptz NOT NULL DEFAULT now(),
        key_rotated_at timestamptz,
        UNIQUE (account_id, name)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE locations`);
  }
}
