import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** An API key. Only the SHA-256 of the secret is stored; the secret is shown once. */
@Entity({ name: 'api_keys' })
export class ApiKey {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Index()
  @Column({ name: 'account_id', type: 'integer' })
  accountId!: number;

  @Column({ type: 'text' })
  name!: string;

  @Index({ unique: true })
  @Column({ name: 'key_hash', type: 'text' })
  keyHash!: string;

  /** The first 8 characters of the secret, so a user can tell keys apart. */
  @Column({ type: 'text' })
  prefix!: string;

  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  expiresAt!: Date | null;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;

  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true })
  lastUsedAt!: Date | null;

  /** What the key may do (Scope values; decisions: "Scoped API keys"). */
  @Column({ type: 'text', array: true, default: () => "'{*}'" })
  scopes!: string[];

  /** The client IP of the last use recorded with last_used_at. */
  @Column({ name: 'last_used_ip', type: 'text', nullable: true })
  lastUsedIp!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
