import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { CheckDetails } from '../../monitors/monitor-types.js';
import type { CheckTimings } from '../../queue/job-payloads.js';

/** One check of a monitor (the seed's Check record). The big table: see the retention job. */
@Entity({ name: 'checks' })
export class Check {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ name: 'monitor_id', type: 'integer' })
  monitorId!: number;

  @Column({ name: 'checked_at', type: 'timestamptz' })
  checkedAt!: Date;

  @Column({ type: 'text' })
  status!: 'success' | 'failure';

  @Column({ name: 'response_time_ms', type: 'integer', nullable: true })
  responseTimeMs!: number | null;

  @Column({ name: 'status_code', type: 'integer', nullable: true })
  statusCode!: number | null;

  @Column({ type: 'text', nullable: true })
  error!: string | null;

  /** The job that produced it: a job delivered twice records one check (unique per monitor). */
  @Column({ name: 'job_key', type: 'text' })
  jobKey!: string;

  /** The region whose checker made it (decisions: Regions and quorum). */
  @Column({ type: 'text', default: 'default' })
  region!: string;
  /** Where the time of an http check went; null for other types and checks that failed before a response. */
  @Column({ type: 'jsonb', nullable: true })
  timings!: CheckTimings | null;

  /** Expiry of the certificate an https (or tcp+TLS) check saw. */
  @Column({ name: 'certificate_expires_at', type: 'timestamptz', nullable: true })
  certificateExpiresAt!: Date | null;

  /** What a dns check saw (answers, responding server); null for other types. */
  @Column({ type: 'jsonb', nullable: true })
  details!: CheckDetails | null;

  /** Taken while a maintenance window covered the monitor: it opened no incident, sent no alert. */
  @Column({ name: 'in_maintenance', type: 'boolean', default: false })
  inMaintenance!: boolean;

  /** A heartbeat failure ping's request body (10,000 bytes at most); null for every other check. */
  @Column({ name: 'ping_body', type: 'text', nullable: true })
  pingBody!: string | null;
}
