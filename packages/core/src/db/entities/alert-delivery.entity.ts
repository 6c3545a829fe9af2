import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { AlertEnvelope } from '../../queue/alert-events.js';
import type { AlertEventName, AlertKind } from '../../queue/job-payloads.js';

export const DELIVERY_STATUSES = ['pending', 'success', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];


/**
 * One delivery ATTEMPT of one event to one integration. A delivery (integration × event) is
 * the set of rows sharing `delivery_id` (the id of its first attempt, sent as X-Vigil-Delivery);
 * (integration_id, event_id, attempt) is unique, so fan-out running twice for one event cannot
 * create a second delivery. Retries stop at the first 'success'; only a redelivery the user
 * asks for can add another, and that is one more alert sent, so counting successful rows
 * counts delivered alerts (packages/core/src/accounts/usage-counts.ts).
 */
@Entity({ name: 'alert_deliveries' })
@Index(['integrationId', 'eventId', 'attempt'], { unique: true })
@Index(['integrationId', 'id'])
@Index(['accountId', 'createdAt'])
export class AlertDelivery {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  /** The id of the delivery's first attempt (equal to `id` on that row). */
  @Column({ name: 'delivery_id', type: 'integer' })
  deliveryId!: number;

  @Column({ name: 'account_id', type: 'integer' })
  accountId!: number;

  /** Null once the integration is deleted (the rows stay for usage history). */
  @Column({ name: 'integration_id', type: 'integer', nullable: true })
  integrationId!: number | null;

  @Column({ name: 'integration_type', type: 'text' })
  integrationType!: string;

  @Column({ name: 'event_id', type: 'text' })
  eventId!: string;

  @Column({ type: 'text' })
  event!: AlertEventName;

  @Column({ name: 'monitor_id', type: 'integer', nullable: true })
  monitorId!: number | null;

  @Column({ name: 'domain_id', type: 'integer', nullable: true })
  domainId!: number | null;

  @Column({ name: 'incident_id', type: 'integer', nullable: true })
  incidentId!: number | null;

  @Column({ type: 'jsonb' })
  payload!: AlertEnvelope;

  /** A first alert, a reminder or an escalation (what the incident's alerts_sent records). */
  @Column({ name: 'alert_kind', type: 'text', default: 'alert' })
  alertKind!: AlertKind;

  /** 1-based. */
  @Column({ type: 'integer' })
  attempt!: number;

  @Column({ type: 'text', default: 'pending' })
  status!: DeliveryStatus;

  @Column({ name: 'response_code', type: 'integer', nullable: true })
  responseCode!: number | null;

  @Column({ type: 'text', nullable: true })
  error!: string | null;

  @Column({ name: 'duration_ms', type: 'integer', nullable: true })
  durationMs!: number | null;

  /** A failed attempt after which another one is scheduled. */
  @Column({ name: 'will_retry', type: 'boolean', default: false })
  willRetry!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt!: Date | null;
}
