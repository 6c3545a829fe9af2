import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Scoped API keys (decisions: "Scoped API keys"): every existing key keeps full access (`*`).
 * last_used_ip is written with last_used_at (at most once a minute per key and process).
 */
export class KeyScopes1765710000000 implements MigrationInterface {
  name = 'KeyScopes1765710000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE api_keys ADD COLUMN scopes text[] NOT NULL DEFAULT '{*}'`);
    await q.query(`ALTER TABLE api_keys ADD COLUMN last_used_ip text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE api_keys DROP COLUMN last_used_ip, DROP COLUMN scopes`);
  }
}
