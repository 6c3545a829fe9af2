import type { AlertDelivery, Integration, SecretBox } from '@vigil/core';
import { iso } from '../http/iso.js';
import { maskedConfig, openConfig } from './config-secrets.js';

/** An integration as every response shows it; secret fields masked unless named in `reveal`. */
export function integrationView(i: Integration, box: SecretBox, reveal: string[] = []) {
  return {
    id: i.id,
    type: i.type,
    name: i.name,
    config: maskedConfig(i.type, openConfig(i, box), reveal),
    events: i.events,
    monitor_ids: i.monitorIds,
    domain_ids: i.domainIds,
    is_active: i.isActive,
    created_at: iso(i.createdAt),
    updated_at: iso(i.updatedAt),
  };
}

/** One delivery attempt. `delivery_id` groups the attempts of one delivery (X-Vigil-Delivery). */
export function deliveryView(d: AlertDelivery) {
  return {
    id: d.id,
    delivery_id: d.deliveryId,
    integration_id: d.integrationId,
    event_id: d.eventId,
    event: d.event,
    attempt: d.attempt,
    status: d.status,
    response_code: d.responseCode,
    error: d.error,
    duration_ms: d.durationMs,
    will_retry: d.willRetry,
    created_at: iso(d.createdAt),
    completed_at: iso(d.completedAt),
  };
}

const nullable = (type: string) => ({ type: [type, 'null'] });

export const INTEGRATION_SCHEMA = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    type: { type: 'string', enum: ['email', 'webhook', 'slack', 'discord'] },
    name: { type: 'string' },
    config: { type: 'object', description: 'Per type (see /integrations/types); secret fields masked' },
    events: { type: 'array', items: { type: 'string' }, description: 'Subscribed events; empty = all' },
    monitor_ids: { type: 'array', items: { type: 'integer' }, description: 'Monitors in scope; empty = all' },
    domain_ids: { type: 'array', items: { type: 'integer' }, description: 'Domains in scope; empty = all' },
    is_active: { type: 'boolean' },
    created_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
  },
};

export const DELIVERY_SCHEMA = {
  type: 'object',
  description: 'One delivery attempt',
  properties: {
    id: { type: 'integer' },
    delivery_id: { type: 'integer', description: 'Groups the attempts of one delivery; sent as X-Vigil-Delivery' },
    integration_id: nullable('integer'),
    event_id: { type: 'string' },
    event: { type: 'string' },
    attempt: { type: 'integer', description: '1 to 5' },
    status: { type: 'string', enum: ['pending', 'success', 'failed'] },
    response_code: { ...nullable('integer'), description: 'HTTP status, or SMTP reply code for email' },
    error: nullable('string'),
    duration_ms: nullable('integer'),
    will_retry: { type: 'boolean', description: 'Another attempt follows this failed one' },
    created_at: { type: 'string', format: 'date-time' },
    completed_at: { ...nullable('string'), format: 'date-time' },
  },
};
