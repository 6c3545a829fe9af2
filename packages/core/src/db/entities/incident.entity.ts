import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

import type { AlertKind } from '../../queue/job-payloads.js';

/** One successful delivery of an incident's alerts (entries from before alert policies lack event and kind). */
export interface AlertSent {
  /** The integration's type (email, webhook, slack, discord). */
  type: string;
  sent_at: string;
  event?: string;
  kind?: AlertKind;
  integration_id?: number;
}

/** An outage of a monitor: opened at alert_threshold consecutive failures, resolved by a success. */
@Entity({ name: 'incidents' })
export class Incident {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ name: 'monitor_id', type: 'integer' })
  monitorId!: number;

  @Column({ name: 'account_id', type: 'integer' })
  accountId!: number;

  @Column({ type: 'text' })
  status!: 'open' | 'resolved';

  @Column({ name: 'started_at', type: 'timestamptz' })
  startedAt!: Date;

  @Column({ name: 'resolved_at', type: 'timestamptz', nullable: true })
  resolvedAt!: Date | null;

  @Column({ name: 'duration_seconds', type: 'integer', nullable: true })
  durationSeconds!: number | null;

  @Column({ type: 'text' })
  cause!: string;

  /** The regions whose failures opened it (multi-region monitors; empty otherwise). */
  @Column({ type: 'text', array: true, default: () => `'{}'` })
  regions!: string[];

  @Column({ name: 'affected_checks', type: 'integer', default: 0 })
  affectedChecks!: number;

  /** Successful alert deliveries, appended by the notifier: [{type, sent_at}]. */
  @Column({ name: 'alerts_sent', type: 'jsonb', default: () => "'[]'" })
  alertsSent!: AlertSent[];

  /** When, and by which API key (its name), the incident was acknowledged: no reminder or escalation after. */
  @Column({ name: 'acknowledged_at', type: 'timestamptz', nullable: true })
  acknowledgedAt!: Date | null;

  @Column({ name: 'acknowledged_by', type: 'text', nullable: true })
  acknowledgedBy!: string | null;

  /** Reminders enqueued so far (the next is number reminders_sent + 1). */
  @Column({ name: 'reminders_sent', type: 'integer', default: 0 })
  remindersSent!: number;

  @Column({ name: 'last_reminder_at', type: 'timestamptz', nullable: true })
  lastReminderAt!: Date | null;

  /** Escalation steps enqueued so far (the next is step escalation_step + 1). */
  @Column({ name: 'escalation_step', type: 'integer', default: 0 })
  escalationStep!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
