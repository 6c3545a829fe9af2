import type { InboundAcknowledgement } from '../incidents/inbound-acknowledgement.js';
import { opsgenieInbound } from './opsgenie/index.js';
import { pagerdutyInbound } from './pagerduty/index.js';
import type { IntegrationType } from './registry.js';

/**
 * The callback side of a channel whose tool can acknowledge Vigil incidents (its folder holds
 * it, next to the sender). The API serves it at the integration's inbound_url.
 */
export interface InboundChannel {
  /** Whether the callback is authentic (signature or shared secret), given the integration's opened config. */
  verify(rawBody: Buffer, header: (lowerCaseName: string) => string | undefined, config: Record<string, unknown>): boolean;
  /** What an authentic callback asks; ValidationError for a body that is not one. */
  read(rawBody: Buffer): InboundAcknowledgement;
}

/** Every channel with a callback side, by integration type. */
export const INBOUND_CHANNELS = { pagerduty: pagerdutyInbound, opsgenie: opsgenieInbound } as const satisfies Partial<Record<IntegrationType, InboundChannel>>;

export type InboundType = keyof typeof INBOUND_CHANNELS;

export const INBOUND_TYPES = Object.keys(INBOUND_CHANNELS) as InboundType[];

export function isInboundType(type: string): type is InboundType {
  return Object.hasOwn(INBOUND_CHANNELS, type);
}
