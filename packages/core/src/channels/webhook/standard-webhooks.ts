import { createHmac } from 'node:crypto';

/**
 * Standard Webhooks signatures (standardwebhooks.com): `webhook-signature` is a
 * space-separated list of `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`,
 * one per secret in use (two while a rotated secret overlaps).
 */

const BASE64 = /^(?:[A-Za-z0-9+/]{4})+(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$|^(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)$/;
const PREFIX = 'whsec_';

/**
 * The HMAC key of a secret, as Standard Webhooks libraries derive it: `whsec_<base64>` is
 * the base64-decoded bytes; any other secret (one a user chose) is the whole string, one byte
 * per character, which those libraries take with their "raw" secret option.
 */
export function signingKey(secret: string): Buffer {
  const body = secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : null;
  return body !== null && BASE64.test(body) ? Buffer.from(body, 'base64') : Buffer.from(secret, 'latin1');
}

export interface StandardWebhookHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/** The three headers of one message, signed with every given secret (current first). */
export function standardWebhookHeaders(id: string, at: Date, body: string, secrets: readonly string[]): StandardWebhookHeaders {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const signed = `${id}.${timestamp}.${body}`;
  const signatures = secrets.map((s) => `v1,${createHmac('sha256', signingKey(s)).update(signed).digest('base64')}`);
  return { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': signatures.join(' ') };
}
