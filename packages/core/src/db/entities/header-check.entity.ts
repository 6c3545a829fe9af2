import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { HeaderReport } from '../../headers/header-report.js';

/** One security-header check of a monitored domain, run with each of its TLS scans (history). */
@Entity({ name: 'header_checks' })
@Index(['domainId', 'id'])
export class HeaderCheck {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ name: 'domain_id', type: 'integer' })
  domainId!: number;

  @Column({ name: 'account_id', type: 'integer' })
  accountId!: number;

  /** The scan it ran with (one check per scan, so a redelivered scan job records one). */
  @Column({ name: 'scan_id', type: 'integer', unique: true })
  scanId!: number;

  /** The URL fetched: https://hostname[:port]/. */
  @Column({ type: 'text' })
  url!: string;

  @Column({ type: 'text' })
  status!: 'completed' | 'failed';

  @Column({ type: 'text', nullable: true })
  grade!: string | null;

  @Column({ type: 'integer', nullable: true })
  score!: number | null;

  @Column({ name: 'deeper_score', type: 'integer', nullable: true })
  deeperScore!: number | null;

  @Column({ name: 'algorithm_version', type: 'integer', nullable: true })
  algorithmVersion!: number | null;

  @Column({ type: 'jsonb', nullable: true })
  report!: HeaderReport | null;

  /** Why a failed check failed (unreachable over https, ...). */
  @Column({ type: 'text', nullable: true })
  error!: string | null;

  @Column({ name: 'checked_at', type: 'timestamptz' })
  checkedAt!: Date;
}
