/**
 * Reading an on-call provider's error answer for the delivery log (sendHttp's `readError`):
 * PagerDuty's `{status, message, errors[]}` and Opsgenie's `{message, errors{field: text}}`.
 * What a provider answers is untrusted text: sendHttp keeps one bounded line of it, and the
 * senders take any secret of the config out of it (withoutSecrets).
 */
import type { ProviderError } from '../http/request.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The message and listed errors of a PagerDuty or Opsgenie error body; nothing when it holds none. */
export function providerError(body: string): ProviderError {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return {};
  }
  if (!isObject(parsed)) return {};
  const parts: string[] = [];
  if (typeof parsed.message === 'string') parts.push(parsed.message);
  const errors = parsed.errors;
  if (Array.isArray(errors)) parts.push(...errors.filter((e): e is string => typeof e === 'string'));
  else if (isObject(errors)) parts.push(...Object.entries(errors).filter(([, v]) => typeof v === 'string').map(([k, v]) => `${k}: ${String(v)}`));
  const text = parts.join('; ').trim();
  return text ? { message: text } : {};
}

/** A delivery log text with every secret of the config replaced by ****, should a provider echo one. */
export function withoutSecrets(text: string | null, secrets: readonly (string | undefined)[]): string | null {
  if (text === null) return null;
  return secrets.reduce<string>((t, s) => (s && s.length >= 4 ? t.split(s).join('****') : t), text);
}
