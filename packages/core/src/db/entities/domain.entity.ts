import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { MonitoringFrequency } from '../../tiers/tiers.js';

export const SSL_GRADES = ['A+', 'A', 'B', 'C', 'D', 'F'] as const;
export type SslGrade = (typeof SSL_GRADES)[number];

/** A monitored hostname:port: its configuration, its latest grade and its certificate's facts. */
@Entity({ name: 'domains' })
@Index(['accountId', 'hostname', 'port'], { unique: true })
export class Domain {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ name: 'account_id', type: 'integer' })
  accountId!: number;

  /** Lower-case ASCII (IDNs in punycode). */
  @Column({ type: 'text' })
  hostname!: string;

  @Column({ type: 'integer', default: 443 })
  port!: number;

  @Column({ name: 'monitoring_frequency', type: 'text', default: 'daily' })
  monitoringFrequency!: MonitoringFrequency;

  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive!: boolean;

  @Column({ name: 'notifications_enabled', type: 'boolean', default: true })
  notificationsEnabled!: boolean;

  @Column({ name: 'alert_days_before_expiry', type: 'integer', default: 30 })
  alertDaysBeforeExpiry!: number;

  @Column({ name: 'ssl_grade', type: 'text', nullable: true })
  sslGrade!: SslGrade | null;

  @Column({ name: 'ssl_score', type: 'integer', nullable: true })
  sslScore!: number | null;

  /** When the last scan (completed or failed) finished. */
  @Column({ name: 'last_scan_at', type: 'timestamptz', nullable: true })
  lastScanAt!: Date | null;

  @Column({ name: 'last_scan_id', type: 'integer', nullable: true })
  lastScanId!: number | null;

  @Column({ name: 'last_scan_status', type: 'text', nullable: true })
  lastScanStatus!: 'completed' | 'failed' | null;

  @Column({ name: 'cert_issuer', type: 'text', nullable: true })
  certIssuer!: string | null;

  @Column({ name: 'cert_subject', type: 'text', nullable: true })
  certSubject!: string | null;

  @Column({ name: 'cert_valid_from', type: 'timestamptz', nullable: true })
  certValidFrom!: Date | null;

  @Column({ name: 'cert_valid_to', type: 'timestamptz', nullable: true })
  certValidTo!: Date | null;

  @Column({ name: 'cert_serial_number', type: 'text', nullable: true })
  certSerialNumber!: string | null;

  @Column({ name: 'cert_fingerprint_sha256', type: 'text', nullable: true })
  certFingerprintSha256!: string | null;

  /** Security-header grade of https://hostname:port/ at the last completed header check. */
  @Column({ name: 'header_grade', type: 'text', nullable: true })
  headerGrade!: string | null;

  @Column({ name: 'header_score', type: 'integer', nullable: true })
  headerScore!: number | null;

  @Column({ name: 'last_header_check_at', type: 'timestamptz', nullable: true })
  lastHeaderCheckAt!: Date | null;

  @Column({ name: 'last_header_check_id', type: 'integer', nullable: true })
  lastHeaderCheckId!: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
