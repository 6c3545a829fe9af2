import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Assertion } from '../../monitors/assertions/assertion.js';
import type { MonitorConfig, MonitorType } from '../../monitors/monitor-types.js';

export const MONITOR_STATUSES = ['pending', 'up', 'down', 'degraded', 'paused'] as const;
export type MonitorStatus = (typeof MONITOR_STATUSES)[number];
/** After `after_minutes` of an open, unacknowledged incident, the down alert goes to these integrations. */
export interface EscalationStep {
  after_minutes: number;
  integration_ids: number[];
}
export const MONITOR_METHODS = ['GET', 'POST', 'HEAD'] as const;
export type MonitorMethod = (typeof MONITOR_METHODS)[number];

/** An uptime monitor: its configuration, its state, and the facts of its last check. */
@Entity({ name: 'monitors' })
@Index(['accountId', 'normalizedUrl'], { unique: true })
export class Monitor {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ name: 'account_id', type: 'integer' })
  accountId!: number;

  @Column({ type: 'text' })
  name!: string;

  /** What it checks (monitor-types.ts); `http` unless created otherwise. Never changes. */
  @Column({ type: 'text', default: 'http' })
  type!: MonitorType;

  /** The configuration of a type other than http (whose configuration is the columns below); null for http. */
  @Column({ type: 'jsonb', nullable: true })
  config!: MonitorConfig | null;

  /**
   * http: as written, its user info masked (monitor-credentials.ts). Other types: the display
   * form of the target (tcp://host:port, dns:name?type=A). What answers, logs and alerts show.
   */
  @Column({ type: 'text' })
  url!: string;

  /**
   * The uniqueness key within the account. http: the URL as compared for "URL already
   * monitored" (lower-case scheme/host, default port dropped), user info replaced by a keyed
   * hash of it. Other types: their natural key (MonitorTypeSpec.naturalKey, namespaced by its
   * scheme), or a random `<type>:<uuid>` for types without uniqueness.
   */
  @Column({ name: 'normalized_url', type: 'text' })
  normalizedUrl!: string;

  @Column({ type: 'text', default: 'GET' })
  method!: MonitorMethod;

  @Column({ type: 'text', default: 'pending' })
  status!: MonitorStatus;

  @Column({ name: 'check_interval', type: 'integer', default: 300 })
  checkInterval!: number;

  @Column({ type: 'integer', default: 30 })
  timeout!: number;

  @Column({ name: 'expected_status_codes', type: 'integer', array: true, default: () => "'{200,201,204}'" })
  expectedStatusCodes!: number[];

  @Column({ name: 'expected_content', type: 'text', nullable: true })
  expectedContent!: string | null;

  /** Custom request headers, values masked (the real ones are sealed in `credentials`). */
  @Column({ type: 'jsonb', default: () => "'{}'" })
  headers!: Record<string, string>;

  /** Sealed MonitorSecrets (URL user info, header values); null when there are none. */
  @Column({ type: 'text', nullable: true })
  credentials!: string | null;

  @Column({ type: 'text', nullable: true })
  body!: string | null;

  @Column({ name: 'alert_threshold', type: 'integer', default: 2 })
  alertThreshold!: number;

  /** The regions whose checkers check it (decisions: Regions and quorum). */
  @Column({ type: 'text', array: true, default: () => `'{default}'` })
  regions!: string[];

  /** How many regions must fail in one round for the round to fail; null: a majority. */
  @Column({ name: 'min_failing_regions', type: 'integer', nullable: true })
  minFailingRegions!: number | null;

  @Column({ name: 'degraded_threshold_ms', type: 'integer', default: 5000 })
  degradedThresholdMs!: number;

  /** Consecutive successful checks that resolve an open incident. */
  @Column({ name: 'recovery_threshold', type: 'integer', default: 1 })
  recoveryThreshold!: number;

  /** Minutes between repeats of the down alert while an incident is open and unacknowledged; null = none. */
  @Column({ name: 'reminder_interval_minutes', type: 'integer', nullable: true })
  reminderIntervalMinutes!: number | null;

  /** Escalation steps, after_minutes strictly increasing; empty = none. */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  escalation!: EscalationStep[];

  /** Service-level objective in percent (e.g. 99.9): SLA reports show its error budget. */
  @Column({ name: 'slo_target', type: 'numeric', precision: 6, scale: 3, nullable: true, transformer: { to: (v: number | null) => v, from: (v: string | null) => (v === null ? null : Number(v)) } })
  sloTarget!: number | null;

  /** Structured conditions judged after expected_status_codes and expected_content; empty = none. */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  assertions!: Assertion[];

  @Column({ name: 'follow_redirects', type: 'boolean', default: true })
  followRedirects!: boolean;

  @Column({ name: 'verify_ssl', type: 'boolean', default: true })
  verifySsl!: boolean;

  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive!: boolean;

  @Column({ name: 'consecutive_failures', type: 'integer', default: 0 })
  consecutiveFailures!: number;

  @Column({ name: 'consecutive_successes', type: 'integer', default: 0 })
  consecutiveSuccesses!: number;

  @Column({ name: 'last_checked_at', type: 'timestamptz', nullable: true })
  lastCheckedAt!: Date | null;

  @Column({ name: 'last_check_status', type: 'text', nullable: true })
  lastCheckStatus!: 'success' | 'failure' | null;

  @Column({ name: 'last_response_time_ms', type: 'integer', nullable: true })
  lastResponseTimeMs!: number | null;

  @Column({ name: 'last_status_code', type: 'integer', nullable: true })
  lastStatusCode!: number | null;

  @Column({ name: 'paused_at', type: 'timestamptz', nullable: true })
  pausedAt!: Date | null;

  @Column({ name: 'resumed_at', type: 'timestamptz', nullable: true })
  resumedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
