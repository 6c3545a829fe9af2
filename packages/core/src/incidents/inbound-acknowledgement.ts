/**
 * What an on-call tool's callback (a PagerDuty v3 webhook, an Opsgenie webhook) asks of Vigil:
 * acknowledge one of its incidents, found by the alert key Vigil sent, on behalf of the tool's
 * user; or nothing (another event, another tool's alert), which is answered 200 all the same so
 * the tool neither retries nor disables its subscription.
 */
export type InboundAcknowledgement = { kind: 'acknowledge'; incidentId: number; by: string } | { kind: 'ignore' };

/** Longest `acknowledged_by` kept from a callback. */
const MAX_ACTOR_CHARS = 200;

/**
 * The tool's user as `acknowledged_by`: control characters and runs of spaces collapsed, cut
 * to 200 characters; `fallback` (the tool's name) when the callback names nobody.
 */
export function actorName(raw: unknown, fallback: string): string {
  if (typeof raw !== 'string') return fallback;
  const printable = Array.from(raw.slice(0, MAX_ACTOR_CHARS * 4), (c) => (isControl(c) ? ' ' : c)).join('');
  const clean = printable.replace(/\s+/g, ' ').trim();
  return clean ? clean.slice(0, MAX_ACTOR_CHARS) : fallback;
}

/** C0 controls, DEL and C1 controls. */
function isControl(c: string): boolean {
  const code = c.codePointAt(0) ?? 0;
  return code < 0x20 || (code >= 0x7f && code <= 0x9f);
}
