import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The client IPs each API key has been used from (decisions: "Audit log", key use from a new
 * IP): the flush of key use inserts a row the first time a key is seen from an IP, and that
 * first time is the audit entry `use_from_new_ip`. Goes with its key.
 */
export class KeyIps1765860100000 implements MigrationInterface {
  name = 'KeyIps1765860100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE api_key_ips (
        key_id integer NOT NULL REFERENCES api_keys (id) ON DELETE CASCADE,
        ip text NOT NULL,
        first_seen_at timestamptz NOT NULL,
        PRIMARY KEY (key_id, ip)
      )`);
    // Keys used before: their last IP is known already (no entry for it).
    await q.query(`INSERT INTO api_key_ips (key_id, ip, first_seen_at) SELECT id, last_used_ip, last_used_at FROM api_keys WHERE last_used_ip IS NOT NULL AND last_used_at IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE api_key_ips`);
  }
}
