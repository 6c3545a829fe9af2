import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * The unguessable id that opens a monitor's or a domain's badges without an API key. It is a
 * random id, not derived from anything, so knowing one tells nothing about another.
 */
@Entity({ name: 'badge_tokens' })
export class BadgeToken {
  @PrimaryColumn({ type: 'text' })
  token!: string;

  @Column({ name: 'account_id', type: 'integer' })
  accountId!: number;

  @Column({ name: 'monitor_id', type: 'integer', nullable: true })
  monitorId!: number | null;

  @Column({ name: 'domain_id', type: 'integer', nullable: true })
  domainId!: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
