import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * Planned work on some (or all) of an account's monitors and domains. While one of its
 * occurrences is under way, checks are recorded with `in_maintenance`, no incident opens and no
 * alert goes out; with `keepChecking` false the covered monitors are not checked at all.
 */
@Entity({ name: 'maintenance_windows' })
@Index(['accountId', 'id'])
export class MaintenanceWindow {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ name: 'account_id', type: 'integer' })
  accountId!: number;

  @Column({ type: 'text' })
  title!: string;

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  /** Covers every monitor and domain of the account, present and future. */
  @Column({ name: 'applies_to_all', type: 'boolean', default: false })
  appliesToAll!: boolean;

  @Column({ name: 'monitor_ids', type: 'integer', array: true, default: () => "'{}'" })
  monitorIds!: number[];

  @Column({ name: 'domain_ids', type: 'integer', array: true, default: () => "'{}'" })
  domainIds!: number[];

  /** A one-off window's start, or a recurring window's first start (its wall time is DTSTART). */
  @Column({ name: 'starts_at', type: 'timestamptz' })
  startsAt!: Date;

  /** A one-off window's end (exclusive); null when recurring. */
  @Column({ name: 'ends_at', type: 'timestamptz', nullable: true })
  endsAt!: Date | null;

  /** RFC 5545 RRULE of a recurring window (canonical form, no prefix). */
  @Column({ type: 'text', nullable: true })
  rrule!: string | null;

  @Column({ name: 'duration_minutes', type: 'integer', nullable: true })
  durationMinutes!: number | null;

  /** IANA zone the rule follows. */
  @Column({ type: 'text', default: 'UTC' })
  timezone!: string;

  @Column({ name: 'keep_checking', type: 'boolean', default: true })
  keepChecking!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
