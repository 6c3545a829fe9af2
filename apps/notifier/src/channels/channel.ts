import type { AlertEnvelope, IntegrationType } from '@vigil/core';

/** An integration as a channel sees it: its type and its whole config, secrets opened. */
export interface ChannelTarget {
  id: number;
  type: IntegrationType;
  name: string;
  config: Record<string, unknown>;
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
  /** HTTP status (webhook, slack, discord) or SMTP reply code (email); null when none came. */
  responseCode: number | null;
  error: string | null;
  /** Worth another attempt: network errors, timeouts, 5xx, 429 (never other 4xx). */
  retryable: boolean;
  durationMs: number;
}

/** Every channel module implements this one function. */
export interface Channel {
  send(target: ChannelTarget, alert: OutgoingAlert): Promise<DeliveryOutcome>;
}
