import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export const STATUS_PAGE_THEMES = ['light', 'dark', 'auto'] as const;
export type StatusPageTheme = (typeof STATUS_PAGE_THEMES)[number];

/** One titled group of a page: the account's monitors and domains it shows, in order. */
export interface StatusPageSection {
  title: string;
  monitor_ids: number[];
  domain_ids: number[];
}

/** A public status page of an account, served at /status/{slug} (or on its custom hostname). */
@Entity({ name: 'status_pages' })
@Index(['accountId', 'id'])
export class StatusPage {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ name: 'account_id', type: 'integer' })
  accountId!: number;

  @Column({ type: 'text', unique: true })
  slug!: string;

  @Column({ type: 'text' })
  title!: string;

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  sections!: StatusPageSection[];

  @Column({ type: 'text', default: 'auto' })
  theme!: StatusPageTheme;

  @Column({ name: 'is_public', type: 'boolean', default: true })
  isPublic!: boolean;

  @Column({ name: 'show_uptime_bars', type: 'boolean', default: true })
  showUptimeBars!: boolean;

  @Column({ name: 'custom_hostname', type: 'text', nullable: true, unique: true })
  customHostname!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
