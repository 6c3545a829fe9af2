import { createHmac } from 'node:crypto';

/**
 * The X-Vigil-Signature value of a webhook body: `sha256=` + hex HMAC-SHA256 of the exact
 * bytes sent, keyed with the integration's secret (decisions §4). docs/webhooks.md shows a
 * receiver checking it.
 */
export function signatureHeader(rawBody: string | Buffer, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;
}
