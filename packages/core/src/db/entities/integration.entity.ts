import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { IntegrationType } from '../../channels/registry.js';
import type { AlertEventName } from '../../queue/job-payloads.js';

/**
 * Where an account's alerts go. `config` holds the non-secret settings in clear; the secret
 * ones (a webhook's signing secret, a chat webhook URL) are sealed together in `secrets` with
 * the secret box (security/secret-box.ts) and never leave the server unmasked.
 */
@Entity({ name: 'integrations' })
@Index(['accountId', 'id'])
export class Integration {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ name: 'account_id', type: 'integer' })
  accountId!: number;

  /** One of the registered channels (channels/registry.ts); stored as text, checked by the API. */
  @Column({ type: 'text' })
  type!: IntegrationType;

  @Column({ type: 'text' })
  name!: string;

  /** Non-secret settings, e.g. {to: [...]} for email, {url} for a webhook. */
  @Column({ type: 'jsonb', default: () => "'{}'" })
  config!: Record<string, unknown>;

  /** Sealed JSON object of the secret settings, or null when the type has none. */
  @Column({ name: 'secrets', type: 'text', nullable: true })
  secrets!: string | null;

  /** A webhook's previous signing secret, sealed, kept while its rotation overlap lasts. */
  @Column({ name: 'previous_secret', type: 'text', nullable: true })
  previousSecret!: string | null;

  /** Until when the previous secret still signs (a second signature); null when none. */
  @Column({ name: 'previous_secret_expires_at', type: 'timestamptz', nullable: true })
  previousSecretExpiresAt!: Date | null;

  /** Subscribed events; empty = all. */
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  events!: AlertEventName[];

  /** Monitors in scope; empty = all of the account's. */
  @Column({ name: 'monitor_ids', type: 'integer', array: true, default: () => "'{}'" })
  monitorIds!: number[];

  /** Domains in scope; empty = all of the account's. */
  @Column({ name: 'domain_ids', type: 'integer', array: true, default: () => "'{}'" })
  domainIds!: number[];

  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
