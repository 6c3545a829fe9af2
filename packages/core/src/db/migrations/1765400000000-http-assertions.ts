import type { MigrationInterface, QueryRunner } from 'typeorm';

export class HttpAssertions1765400000000 implements MigrationInterface {
  name = 'HttpAssertions1765400000000';

  async up(q: QueryRunner): Promise<void> {
    // Structured conditions of an http monitor (packages/core/src/monitors/assertions); none for existing monitors.
    await q.query(`ALTER TABLE monitors ADD COLUMN assertions jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(assertions) = 'array')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE monitors DROP COLUMN assertions`);
  }
}
