import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export const SCAN_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type ScanStatus = (typeof SCAN_STATUSES)[number];
/** initial (domain created), manual (POST /scans), scheduled (monitoring_frequency), on_demand (POST /scan). */
export type ScanTrigger = 'initial' | 'manual' | 'scheduled' | 'on_demand';

/** One TLS scan of a host: its state, its grade and the whole report. */
@Entity({ name: 'scans' })
export class Scan {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ name: 'account_id', type: 'integer' })
  accountId!: number;

  /** The monitored domain it belongs to; null for an on-demand scan of any host. */
  @Column({ name: 'domain_id', type: 'integer', nullable: true })
  domainId!: number | null;

  @Column({ type: 'text' })
  hostname!: string;

  @Column({ type: 'integer' })
  port!: number;

  @Column({ type: 'text' })
  trigger!: ScanTrigger;

  @Column({ type: 'text', default: 'queued' })
  status!: ScanStatus;

  @Column({ type: 'text', nullable: true })
  grade!: string | null;

  @Column({ type: 'integer', nullable: true })
  score!: number | null;

  @Column({ type: 'text', nullable: true })
  error!: string | null;

  /** The scanner's full report (TlsScanReport), set when completed. Not loaded unless asked for (it is large). */
  @Column({ type: 'jsonb', nullable: true, select: false })
  report!: Record<string, unknown> | null;

  /** The scheduled run that created it: one scan per run, whatever runs twice. */
  @Column({ name: 'job_key', type: 'text', nullable: true })
  jobKey!: string | null;

  @Column({ name: 'started_at', type: 'timestamptz', nullable: true })
  startedAt!: Date | null;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt!: Date | null;

  @Column({ name: 'duration_ms', type: 'integer', nullable: true })
  durationMs!: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
