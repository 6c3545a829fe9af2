import { createHmac, randomBytes } from 'node:crypto';
import { createSecretBox, type SecretBox } from '../security/secret-box.js';

const AGENT_KEY_PREFIX = 'vgla_';
/** Fixed and public: only separates the lease secret from any other use of the agent key. */
const LEASE_SECRET_INFO = 'vigil/agent-lease-secret/v1';

/** A new agent key: 256 random bits, base64url, recognisable (`vgla_`) and never an API key. */
export function generateAgentKey(): string {
  return AGENT_KEY_PREFIX + randomBytes(32).toString('base64url');
}

/** Whether a bearer token has the shape of an agent key (anything else is not looked up). */
export function looksLikeAgentKey(token: string): boolean {
  return /^vgla_[A-Za-z0-9_-]{43}$/.test(token);
}

/**
 * The secret a location's leases are sealed to: an HMAC of the agent key, so the agent derives it
 * from the key it holds and the API stores it (sealed) without storing the key itself, and the
 * stored value cannot authenticate as the agent.
 */
export function leaseSecretOf(agentKey: string): string {
  return createHmac('sha256', agentKey).update(LEASE_SECRET_INFO).digest('base64url');
}

/** The box that seals (API side) and opens (agent side) a location's lease payloads. */
export function leaseBox(leaseSecret: string): SecretBox {
  return createSecretBox(leaseSecret);
}
