import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AlertPolicies1764900000000 implements MigrationInterface {
  name = 'AlertPolicies1764900000000';

  async up(q: QueryRunner): Promise<void> {
    // Per-monitor alert policy; the defaults keep the behaviour from before policies existed.
    await q.query(`
      ALTER TABLE monitors
        ADD COLUMN recovery_threshold integer NOT NULL DEFAULT 1 CHECK (recovery_threshold BETWEEN 1 AND 10),
        ADD COLUMN consecutive_successes integer NOT NULL DEFAULT 0,
        ADD COLUMN reminder_interval_minutes integer CHECK (reminder_interval_minutes BETWEEN 5 AND 1440),
        ADD COLUMN escalation jsonb NOT NULL DEFAULT '[]'`);
    // What an incident has sent beyond its down alert, and who acknowledged it.
    await q.query(`
      ALTER TABLE incidents
        ADD COLUMN acknowledged_at timestamptz,
        ADD COLUMN acknowledged_by text,
        ADD COLUMN reminders_sent integer NOT NULL DEFAULT 0,
        ADD COLUMN last_reminder_at timestamptz,
        ADD COLUMN escalation_step integer NOT NULL DEFAULT 0`);
    // The periodic job reads open incidents through incidents_one_open_per_monitor (partial, status = 'open').
    await q.query(`ALTER TABLE alert_deliveries ADD COLUMN alert_kind text NOT NULL DEFAULT 'alert'`);
    // Entries recorded before: plain alerts, their event read from the delivery they record.
    await q.query(`
      UPDATE incidents i SET alerts_sent = (
        SELECT coalesce(jsonb_agg(e.entry || jsonb_build_object('kind', 'alert')
                 || coalesce((SELECT jsonb_build_object('event', d.event) FROM alert_deliveries d
                               WHERE d.incident_id = i.id AND d.status = 'success' AND d.integration_type = e.entry->>'type'
                                 AND d.completed_at = (e.entry->>'sent_at')::timestamptz LIMIT 1), '{}'::jsonb)
                 ORDER BY e.n), '[]'::jsonb)
          FROM jsonb_array_elements(i.alerts_sent) WITH ORDINALITY AS e(entry, n))
       WHERE jsonb_array_length(i.alerts_sent) > 0`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE alert_deliveries DROP COLUMN alert_kind`);
    await q.query(`
      ALTER TABLE incidents DROP COLUMN acknowledged_at, DROP COLUMN acknowledged_by, DROP COLUMN reminders_sent,
        DROP COLUMN last_reminder_at, DROP COLUMN escalation_step`);
    await q.query(`
      ALTER TABLE monitors DROP COLUMN recovery_threshold, DROP COLUMN consecutive_successes,
        DROP COLUMN reminder_interval_minutes, DROP COLUMN escalation`);
  }
}
