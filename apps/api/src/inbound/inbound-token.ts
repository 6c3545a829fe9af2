import { timingSafeEqual } from 'node:crypto';
import type { InboundType, SecretBox } from '@vigil/core';

const TOKEN = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{16,64})$/;

/** The keyed hash that makes an integration's inbound URL unguessable (domain-separated from other fingerprints). */
function tokenMac(box: SecretBox, integrationId: number): string {
  return box.fingerprint(`integration-inbound-url:${integrationId}`);
}

/**
 * An integration's inbound token, `<integration id>.<128-bit keyed hash of the id>`: derived from
 * VIGIL_SECRET_KEY, so nothing is stored and every answer shows the same URL; unguessable
 * without the key (decisions: "PagerDuty and Opsgenie incident sync").
 */
export function inboundToken(box: SecretBox, integrationId: number): string {
  return `${integrationId}.${tokenMac(box, integrationId)}`;
}

/** The integration a token names, or null for anything not issued by this key (compared in constant time). */
export function integrationIdOfToken(box: SecretBox, token: string): number | null {
  const m = TOKEN.exec(token);
  if (!m) return null;
  const id = Number(m[1]);
  if (id > 2_147_483_647) return null;
  const given = Buffer.from(m[2]);
  const expected = Buffer.from(tokenMac(box, id));
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

/** The public URL an on-call tool calls back (PagerDuty webhook subscription, Opsgenie Webhook integration). */
export function inboundUrl(baseUrl: string, box: SecretBox, type: InboundType, integrationId: number): string {
  return `${baseUrl.replace(/\/+$/, '')}/inbound/${type}/${inboundToken(box, integrationId)}`;
}
