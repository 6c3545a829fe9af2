import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A webhook's previous signing secret (sealed) and the end of its rotation overlap. */
export class WebhookSecretRotation1764700000000 implements MigrationInterface {
  name = 'WebhookSecretRotation1764700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE integrations ADD COLUMN previous_secret text, ADD COLUMN previous_secret_expires_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE integrations DROP COLUMN previous_secret, DROP COLUMN previous_secret_expires_at`);
  }
}
