import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One field's value before and after a change (null: the field did not exist on that side). */
export interface FieldChange {
  before: unknown;
  after: unknown;
}

/**
 * One change an API key made (decisions: "Audit log"), written in the transaction of the change.
 * Indexed by (account_id, created_at DESC, id DESC) for the newest-first listing (migration
 * 1765860000000); pruned per tier (auditLogRetentionDays).
 */
@Entity({ name: 'audit_log' })
export class AuditEntry {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ name: 'account_id', type: 'integer' })
  accountId!: number;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  /** The key that made the change; kept (with its name) after the key is revoked. Null: an operator (CLI). */
  @Column({ name: 'key_id', type: 'integer', nullable: true })
  keyId!: number | null;

  @Column({ name: 'key_name', type: 'text', nullable: true })
  keyName!: string | null;

  @Column({ type: 'text', nullable: true })
  ip!: string | null;

  @Column({ name: 'resource_type', type: 'text' })
  resourceType!: string;

  @Column({ name: 'resource_id', type: 'text' })
  resourceId!: string;

  @Column({ type: 'text' })
  action!: string;

  /** Field name -> {before, after}; secrets masked. */
  @Column({ type: 'jsonb' })
  changes!: Record<string, FieldChange>;
}
