import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * An expiry notification that went out: at most one per domain, certificate (fingerprint) and
 * threshold (alert_days_before_expiry, 7, 1, 0 = expired).
 */
@Entity({ name: 'certificate_notifications' })
export class CertificateNotification {
  @PrimaryColumn({ name: 'domain_id', type: 'integer' })
  domainId!: number;

  @PrimaryColumn({ name: 'fingerprint_sha256', type: 'text' })
  fingerprintSha256!: string;

  @PrimaryColumn({ type: 'integer' })
  threshold!: number;

  @Column({ type: 'text' })
  event!: 'certificate.expiring' | 'certificate.expired';

  @Column({ name: 'scan_id', type: 'integer', nullable: true })
  scanId!: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
