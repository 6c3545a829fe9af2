/**
 * Reading an on-call provider's answer: its own error message for the delivery log, and how long
 * it asks us to wait (Retry-After). What a provider answers is untrusted text: cut short, one line.
 */

/** The longest provider message kept in a delivery log. */
const MAX_MESSAGE_CHARS = 300;
/** The longest wait a Retry-After may ask for; more is capped (the retry policy's own delays are shorter). */
export const MAX_RETRY_AFTER_MS = 60 * 60_000;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/**
 * The message of an error body as PagerDuty (`{status, message, errors[]}`) and Opsgenie
 * (`{message, took, requestId}`, or `{message, errors{field: text}}`) write it: the message and
 * its listed errors; null when the body holds none.
 */
export function providerMessage(body: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  if (!isObject(parsed)) return null;
  const parts: string[] = [];
  if (typeof parsed.message === 'string') parts.push(parsed.message);
  const errors = parsed.errors;
  if (Array.isArray(errors)) parts.push(...errors.filter((e): e is string => typeof e === 'string'));
  else if (isObject(errors)) parts.push(...Object.entries(errors).filter(([, v]) => typeof v === 'string').map(([k, v]) => `${k}: ${String(v)}`));
  const text = oneLine(parts.join('; '));
  return text ? text.slice(0, MAX_MESSAGE_CHARS) : null;
}

/**
 * A Retry-After header (delay-seconds or an HTTP date) in milliseconds from `now`, capped at
 * MAX_RETRY_AFTER_MS; undefined when absent or unreadable, 0 for a date in the past.
 */
export function retryAfterMs(header: string | undefined, now: Date): number | undefined {
  if (header === undefined) return undefined;
  const value = header.trim();
  let ms: number;
  if (/^\d{1,10}$/.test(value)) ms = Number(value) * 1000;
  else {
    const at = Date.parse(value);
    if (Number.isNaN(at) || !/[a-z]/i.test(value)) return undefined;
    ms = Math.max(0, at - now.getTime());
  }
  return Math.min(ms, MAX_RETRY_AFTER_MS);
}
