const SECRET_KEYS = /(authorization|api[_-]?key|secret|passw(or)?d|token|signature|webhook_url|smtp_url|^key$|^pass$)/i;
const BEARER = /\b(Bearer\s+)[^\s"',]+/gi;
const URL_CREDENTIALS = /(\b[a-z][a-z0-9+.-]*:\/\/)([^/\s:@]+):([^/\s@]+)@/gi;
/** A user info without a password is often a token (https://<token>@host). */
const URL_TOKEN = /(\b[a-z][a-z0-9+.-]*:\/\/)([^/\s:@]+)@/gi;

/** Masks anything that looks like a secret so it never reaches a log line. */
export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') {
    return value.replace(BEARER, '$1[redacted]').replace(URL_CREDENTIALS, '$1$2:[redacted]@').replace(URL_TOKEN, '$1[redacted]@');
  }
  if (value === null || typeof value !== 'object' || depth > 6) return value;
  if (value instanceof Error) return { name: value.name, message: redact(value.message), stack: value.stack };
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = SECRET_KEYS.test(k) && v !== null && v !== undefined ? '[redacted]' : redact(v, depth + 1);
  }
  return out;
}
