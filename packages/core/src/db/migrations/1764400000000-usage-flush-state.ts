import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The last batch of Redis-counted request usage each account has flushed into daily_usage: the
 * flush adds a batch only if its sequence number is newer, in the same statement, so a batch
 * retried after a crash or flushed by two API replicas is counted once.
 */
export class UsageFlushState1764400000000 implements MigrationInterface {
  name = 'UsageFlushState1764400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE usage_flush_state (
        account_id integer PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
        seq bigint NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE usage_flush_state');
  }
}
