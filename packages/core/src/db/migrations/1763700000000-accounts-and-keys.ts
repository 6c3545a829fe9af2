import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AccountsAndKeys1763700000000 implements MigrationInterface {
  name = 'AccountsAndKeys1763700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE accounts (
        id serial PRIMARY KEY,
        email text NOT NULL,
        tier text NOT NULL CHECK (tier IN ('free', 'pro', 'business', 'enterprise')),
        is_active boolean NOT NULL DEFAULT true,
        verified_email_domain text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX accounts_email_key ON accounts (lower(email))`);
    await q.query(`
      CREATE TABLE api_keys (
        id serial PRIMARY KEY,
        account_id integer NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        name text NOT NULL,
        key_hash text NOT NULL,
        prefix text NOT NULL,
        expires_at timestamptz,
        revoked_at timestamptz,
        last_used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX api_keys_key_hash_key ON api_keys (key_hash)`);
    await q.query(`CREATE INDEX api_keys_account_id_idx ON api_keys (account_id)`);
    await q.query(`
      CREATE TABLE daily_usage (
        account_id integer NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        day date NOT NULL,
        requests integer NOT NULL DEFAULT 0,
        PRIMARY KEY (account_id, day)
      )`);
    await q.query(`
      CREATE TABLE tier_changes (
        id serial PRIMARY KEY,
        account_id integer NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        tier text NOT NULL,
        changed_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX tier_changes_account_changed_idx ON tier_changes (account_id, changed_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE tier_changes, daily_usage, api_keys, accounts`);
  }
}
