import type Joi from 'joi';
import type { GuardedAgents } from '../net/outbound-guard.js';
import type { AlertEnvelope } from '../queue/alert-events.js';
import type { Clock } from '../time/clock.js';

/** One setting of a channel's config, as GET /integrations/types lists it. */
export interface ConfigField {
  name: string;
  /** `string map`: an object of string values (HTTP headers). */
  type: 'string' | 'email | email[]' | 'string map';
  required: boolean;
  /** Encrypted at rest, masked in every response, never logged. */
  secret: boolean;
  description: string;
}

/** A channel config: the fields of one type, as its schema validated them. */
export type ChannelConfig = Record<string, unknown>;

/** An integration as its channel's sender sees it: the config typed and validated, secrets opened. */
export interface ChannelTarget<C extends ChannelConfig> {
  id: number;
  name: string;
  config: C;
  /** A webhook's previous signing secret while its rotation overlap lasts. */
  previousSecret?: string;
}

/** One alert to send: the envelope and the id of its delivery (X-Vigil-Delivery). */
export interface OutgoingAlert {
  deliveryId: number;
  envelope: AlertEnvelope;
}

/** The result of one attempt, as recorded in alert_deliveries. */
export interface DeliveryOutcome {
  ok: boolean;
  /** HTTP status, or SMTP reply code for email; null when none came. */
  responseCode: number | null;
  /** What went wrong, for the delivery log: never a secret, never a URL that carries one. */
  error: string | null;
  /** Worth another attempt: network errors, timeouts, 5xx, 429 (never other 4xx). */
  retryable: boolean;
  durationMs: number;
  /** The receiver's Retry-After (429, 503), in milliseconds: the next attempt waits at least this long. */
  retryAfterMs?: number;
}

/** What a process gives every sender: the guarded agents of its outbound policy and its settings. */
export interface SenderDeps {
  agents: GuardedAgents;
  /** How long one attempt may take, connection to response (or SMTP dialogue). */
  timeoutMs: number;
  clock: Clock;
  /** VIGIL_BASE_URL, for links in messages. */
  baseUrl: string;
  /** The operator's SMTP server (SMTP_URL, SMTP_FROM); email only. */
  smtp: { url: string | undefined; from: string };
}

/** Sends alerts of one channel; `close` releases what the sender holds (an SMTP transport). */
export interface ChannelSender<C extends ChannelConfig> {
  send(target: ChannelTarget<C>, alert: OutgoingAlert): Promise<DeliveryOutcome>;
  close?(): void;
}

/**
 * A channel, one folder of packages/core/src/channels: its config (joi schema with the API's
 * messages, the fields and which are secret), and its sender (rendering included). Registered
 * in registry.ts; the API, the OpenAPI document, the stored type and the notifier follow.
 */
export interface ChannelDefinition<T extends string, C extends ChannelConfig> {
  type: T;
  label: string;
  description: string;
  fields: readonly ConfigField[];
  /** Validates a complete config; its messages are the API's 400 answers. */
  schema: Joi.ObjectSchema<C>;
  /**
   * Normalises a validated config before it is stored (one email address -> a list), and checks
   * what the schema cannot say (a template's placeholders): throws ValidationError, the 400's message.
   */
  normalise?(config: C): C;
  /** A secret field generated when a create leaves it out, shown once (a webhook's signing secret). */
  generated?: { field: string; generate(): string };
  /** A config for the examples of the OpenAPI document. */
  example: C;
  createSender(deps: SenderDeps): ChannelSender<C>;
}
