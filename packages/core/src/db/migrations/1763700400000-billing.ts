import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Invoices (one per account and month) and their lines. */
export class Billing1763700400000 implements MigrationInterface {
  name = 'Billing1763700400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE invoices (
        id serial PRIMARY KEY,
        account_id integer NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        period text NOT NULL CHECK (period ~ '^[1-9][0-9]{3}-(0[1-9]|1[0-2])$'),
        period_start timestamptz NOT NULL,
        period_end timestamptz NOT NULL CHECK (period_end > period_start),
        currency text NOT NULL DEFAULT 'usd',
        subtotal_cents integer NOT NULL CHECK (subtotal_cents >= 0),
        total_cents integer NOT NULL CHECK (total_cents >= 0),
        status text NOT NULL DEFAULT 'issued' CHECK (status IN ('issued')),
        issued_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX invoices_account_period_key ON invoices (account_id, period)`);
    await q.query(`
      CREATE TABLE invoice_lines (
        id serial PRIMARY KEY,
        invoice_id integer NOT NULL REFERENCES invoices (id) ON DELETE CASCADE,
        position integer NOT NULL,
        description text NOT NULL,
        tier text NOT NULL,
        starts_at timestamptz NOT NULL,
        ends_at timestamptz NOT NULL CHECK (ends_at > starts_at),
        days integer NOT NULL CHECK (days > 0),
        period_days integer NOT NULL CHECK (period_days BETWEEN 28 AND 31),
        unit_price_cents integer NOT NULL CHECK (unit_price_cents >= 0),
        amount_cents integer NOT NULL CHECK (amount_cents >= 0)
      )`);
    await q.query(`CREATE UNIQUE INDEX invoice_lines_invoice_position_key ON invoice_lines (invoice_id, position)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE invoice_lines, invoices`);
  }
}
