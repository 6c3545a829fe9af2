import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** How ownership was proven: a DNS TXT record, or the operator's override (`vigil domain verify`). */
export type VerificationMethod = 'dns_txt' | 'manual';
export type VerificationStatus = 'pending' | 'verified';

/** An account's claim on a hostname; once verified it covers the name and its subdomains. */
@Entity({ name: 'domain_verifications' })
@Index(['accountId', 'hostname'], { unique: true })
export class DomainVerification {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ name: 'account_id', type: 'integer' })
  accountId!: number;

  @Column({ type: 'text' })
  hostname!: string;

  @Column({ type: 'text', default: 'dns_txt' })
  method!: VerificationMethod;

  /** The random part of the TXT record value `vigil-verification=<token>`. */
  @Column({ type: 'text' })
  token!: string;

  @Column({ type: 'text', default: 'pending' })
  status!: VerificationStatus;

  @Column({ name: 'verified_at', type: 'timestamptz', nullable: true })
  verifiedAt!: Date | null;

  @Column({ name: 'last_checked_at', type: 'timestamptz', nullable: true })
  lastCheckedAt!: Date | null;

  /** A verified DNS claim whose TXT record the daily re-check did not find: since when (null: found). */
  @Column({ name: 'missing_since', type: 'timestamptz', nullable: true })
  missingSince!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
