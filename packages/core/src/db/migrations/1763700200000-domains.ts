import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Certificate monitoring: domains, ownership verifications, scans and expiry-notification dedupe. */
export class Domains1763700200000 implements MigrationInterface {
  name = 'Domains1763700200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE domains (
        id serial PRIMARY KEY,
        account_id integer NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        hostname text NOT NULL,
        port integer NOT NULL DEFAULT 443 CHECK (port BETWEEN 1 AND 65535),
        monitoring_frequency text NOT NULL DEFAULT 'daily' CHECK (monitoring_frequency IN ('5min', '15min', 'hourly', 'daily')),
        is_active boolean NOT NULL DEFAULT true,
        notifications_enabled boolean NOT NULL DEFAULT true,
        alert_days_before_expiry integer NOT NULL DEFAULT 30,
        ssl_grade text CHECK (ssl_grade IN ('A+', 'A', 'B', 'C', 'D', 'F')),
        ssl_score integer,
        last_scan_at timestamptz,
        last_scan_id integer,
        last_scan_status text CHECK (last_scan_status IN ('completed', 'failed')),
        cert_issuer text,
        cert_subject text,
        cert_valid_from timestamptz,
        cert_valid_to timestamptz,
        cert_serial_number text,
        cert_fingerprint_sha256 text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX domains_account_host_port_key ON domains (account_id, hostname, port)`);
    await q.query(`CREATE INDEX domains_active_idx ON domains (id) WHERE is_active`);
    await q.query(`
      CREATE TABLE domain_verifications (
        id serial PRIMARY KEY,
        account_id integer NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        hostname text NOT NULL,
        method text NOT NULL DEFAULT 'dns_txt' CHECK (method IN ('dns_txt', 'manual')),
        token text NOT NULL,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'verified')),
        verified_at timestamptz,
        last_checked_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX domain_verifications_account_host_key ON domain_verifications (account_id, hostname)`);
    await q.query(`
      CREATE TABLE scans (
        id serial PRIMARY KEY,
        account_id integer NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        domain_id integer REFERENCES domains (id) ON DELETE CASCADE,
        hostname text NOT NULL,
        port integer NOT NULL CHECK (port BETWEEN 1 AND 65535),
        trigger text NOT NULL CHECK (trigger IN ('initial', 'manual', 'scheduled', 'on_demand')),
        status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'completed', 'failed')),
        grade text,
        score integer,
        error text,
        report jsonb,
        job_key text,
        started_at timestamptz,
        completed_at timestamptz,
        duration_ms integer,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX scans_account_created_idx ON scans (account_id, created_at DESC)`);
    await q.query(`CREATE INDEX scans_domain_created_idx ON scans (domain_id, created_at DESC) WHERE domain_id IS NOT NULL`);
    // Concurrent-scan limit and stale-scan sweep read only the unfinished ones.
    await q.query(`CREATE INDEX scans_unfinished_idx ON scans (account_id, created_at) WHERE status IN ('queued', 'running')`);
    // A scheduled run delivered twice creates one scan.
    await q.query(`CREATE UNIQUE INDEX scans_domain_job_key ON scans (domain_id, job_key) WHERE job_key IS NOT NULL`);
    await q.query(`
      CREATE TABLE certificate_notifications (
        domain_id integer NOT NULL REFERENCES domains (id) ON DELETE CASCADE,
        fingerprint_sha256 text NOT NULL,
        threshold integer NOT NULL,
        event text NOT NULL CHECK (event IN ('certificate.expiring', 'certificate.expired')),
        scan_id integer,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (domain_id, fingerprint_sha256, threshold)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE certificate_notifications, scans, domain_verifications, domains`);
  }
}
