import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Integration types come from the channel registry (packages/core/src/channels/registry.ts),
 * validated by the API: the list in the database goes, so a new channel needs no migration.
 * What stays is the shape of a type name. `down` restores the four original channels' list
 * and fails while rows of other types exist (delete them first).
 */
export class ChannelRegistry1765800000000 implements MigrationInterface {
  name = 'ChannelRegistry1765800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE integrations DROP CONSTRAINT integrations_type_check`);
    await q.query(`ALTER TABLE integrations ADD CONSTRAINT integrations_type_name CHECK (type ~ '^[a-z][a-z0-9_]{0,39}$')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE integrations DROP CONSTRAINT integrations_type_name`);
    await q.query(`ALTER TABLE integrations ADD CONSTRAINT integrations_type_check CHECK (type IN ('email', 'webhook', 'slack', 'discord'))`);
  }
}
