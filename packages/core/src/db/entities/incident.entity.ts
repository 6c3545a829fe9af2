import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export interface AlertSent {
  type: string;
  sent_at: string;
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

  @Column({ name: 'affected_checks', type: 'integer', default: 0 })
  affectedChecks!: number;

  /** Successful alert deliveries, appended by the notifier: [{type, sent_at}]. */
  @Column({ name: 'alerts_sent', type: 'jsonb', default: () => "'[]'" })
  alertsSent!: AlertSent[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
