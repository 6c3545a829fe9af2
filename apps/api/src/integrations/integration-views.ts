import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { ALERT_EVENTS, CHANNELS, DELIVERY_STATUSES, INTEGRATION_TYPES, isInboundType, type Channel, type ConfigField, type Integration, type LoggedAttempt, type SecretBox } from '@vigil/core';
import { iso } from '../http/iso.js';
import { DateTime, DateTimeOrNull, Nullable, StringEnum } from '../http/schema.js';
import { maskedConfig, openConfig } from './config-secrets.js';
import { component } from '../http/components.js';
import { inboundUrl } from '../inbound/inbound-token.js';

const IntOrNull = Nullable(Type.Integer());

/** One setting as answers show it (`email | email[]`: one address or a list of them). */
function configFieldSchema(field: ConfigField): TSchema {
  const description = field.secret ? `${field.description}; masked, and left out when it cannot be opened (VIGIL_SECRET_KEY changed)` : field.description;
  switch (field.type) {
    case 'string':
      return Type.String({ description });
    case 'email | email[]':
      return Type.Union([Type.String(), Type.Array(Type.String())], { description });
    case 'string map':
      // A map: no named fields, every value a string (masked when the field is secret).
      return Type.Object({}, { additionalProperties: Type.String(), description });
  }
}

/**
 * A type's config as answers show it, from the same field list as /integrations/types: every
 * field listed, nothing else; the required ones in clear are always there.
 */
function configSchema(channel: Channel): TSchema {
  const properties = Object.fromEntries(
    channel.fields.map((f) => [f.name, f.required && !f.secret ? configFieldSchema(f) : Type.Optional(configFieldSchema(f))]),
  );
  return Type.Object(properties, { title: `${channel.type} config`, additionalProperties: false });
}

/** The config of any type: one of the per-type shapes (slack and discord share theirs). */
const IntegrationConfigSchema = Type.Unsafe<Record<string, unknown>>({
  anyOf: CHANNELS.map((c) => configSchema(c)),
  description: 'Per type (see /integrations/types); secret fields masked',
  examples: [maskedConfig('webhook', { url: 'https://hooks.example.com/vigil', secret: 'whsec-2f7d9a41c3' })],
});

export const IntegrationSchema = component('Integration', Type.Object({
  id: Type.Integer(),
  type: StringEnum(INTEGRATION_TYPES),
  name: Type.String(),
  config: IntegrationConfigSchema,
  events: Type.Array(StringEnum(ALERT_EVENTS), { description: 'Subscribed events; empty = all' }),
  monitor_ids: Type.Array(Type.Integer(), { description: 'Monitors in scope; empty = all' }),
  domain_ids: Type.Array(Type.Integer(), { description: 'Domains in scope; empty = all' }),
  is_active: Type.Boolean(),
  inbound_url: Type.Optional(
    Type.String({
      format: 'uri',
      description:
        'pagerduty and opsgenie only: the URL the on-call tool calls back (PagerDuty v3 webhook subscription, Opsgenie Webhook integration), so that acknowledging there acknowledges the Vigil incident',
    }),
  ),
  created_at: DateTime(),
  updated_at: DateTime(),
}));

export const DeliverySchema = component('Delivery', Type.Object(
  {
    id: Type.Integer(),
    delivery_id: Type.Integer({ description: 'Groups the attempts of one delivery; sent as X-Vigil-Delivery' }),
    integration_id: IntOrNull,
    event_id: Type.String(),
    event: StringEnum(ALERT_EVENTS),
    attempt: Type.Integer({ description: '1 to 5' }),
    status: StringEnum(DELIVERY_STATUSES),
    response_code: Nullable(Type.Integer(), { description: 'HTTP status, or SMTP reply code for email' }),
    error: Nullable(Type.String()),
    duration_ms: IntOrNull,
    will_retry: Type.Boolean({ description: 'Another attempt follows this failed one' }),
    created_at: DateTime(),
    completed_at: DateTimeOrNull(),
  },
  { description: 'One delivery attempt' },
));

/** The answer of an attempt made now (test, redelivery), finished (200) or still pending (202). */
export const AttemptSchema = component('DeliveryAttempt', Type.Object({ delivery: DeliverySchema, message: Type.String() }));

/**
 * An integration as every response shows it; secret fields masked unless named in `reveal`;
 * the inbound_url (under `baseUrl`, VIGIL_BASE_URL) of the types that take callbacks.
 */
export function integrationView(i: Integration, box: SecretBox, baseUrl: string, reveal: string[] = []): Static<typeof IntegrationSchema> {
  return {
    id: i.id,
    type: i.type,
    name: i.name,
    config: maskedConfig(i.type, openConfig(i, box), reveal),
    events: i.events,
    monitor_ids: i.monitorIds,
    domain_ids: i.domainIds,
    is_active: i.isActive,
    ...(isInboundType(i.type) ? { inbound_url: inboundUrl(baseUrl, box, i.type, i.id) } : {}),
    created_at: i.createdAt.toISOString(),
    updated_at: i.updatedAt.toISOString(),
  };
}

/** One delivery attempt. `delivery_id` groups the attempts of one delivery (X-Vigil-Delivery). */
export function deliveryView(d: LoggedAttempt): Static<typeof DeliverySchema> {
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
    created_at: d.createdAt.toISOString(),
    completed_at: iso(d.completedAt),
  };
}
