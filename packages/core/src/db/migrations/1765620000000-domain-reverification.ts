import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Verified DNS TXT claims are re-checked daily: since when the record has been missing (null: seen at the last check). */
export class DomainReverification1765620000000 implements MigrationInterface {
  name = 'DomainReverification1765620000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE domain_verifications ADD COLUMN missing_since timestamptz`);
    // The daily re-verification walks the verified DNS claims by id.
    await q.query(`CREATE INDEX domain_verifications_reverify_idx ON domain_verifications (id) WHERE status = 'verified' AND method = 'dns_txt'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX domain_verifications_reverify_idx`);
    await q.query(`ALTER TABLE domain_verifications DROP COLUMN missing_since`);
  }
}
