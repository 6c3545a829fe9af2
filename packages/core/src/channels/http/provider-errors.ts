import type { ProviderError } from './request.js';

/** The parsed JSON of an error body, or null when it is not JSON. */
function json(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return null;
  }
}

/** The value at a path of a parsed JSON value, when it is a string or a number. */
function at(value: unknown, path: readonly string[]): string | number | undefined {
  let v: unknown = value;
  for (const key of path) {
    if (Array.isArray(v)) v = /^\d+$/.test(key) ? v[Number(key)] : undefined;
    else if (v !== null && typeof v === 'object') v = Object.entries(v).find(([k]) => k === key)?.[1];
    else return undefined;
  }
  return typeof v === 'string' || typeof v === 'number' ? v : undefined;
}

/**
 * A reader of JSON error bodies: the message at the first of `messagePaths` that holds one,
 * else the body's text when it is not JSON; a wait in seconds or milliseconds where the provider
 * puts one in the body (Telegram's parameters.retry_after, Matrix's retry_after_ms).
 */
export function jsonError(opts: { messagePaths: readonly (readonly string[])[]; retryAfterSeconds?: readonly string[]; retryAfterMs?: readonly string[] }) {
  return (body: string): ProviderError => {
    const parsed = json(body);
    if (parsed === null) return { message: body.trim() || undefined };
    const message = opts.messagePaths.map((p) => at(parsed, p)).find((m) => m !== undefined);
    const seconds = opts.retryAfterSeconds ? at(parsed, opts.retryAfterSeconds) : undefined;
    const ms = opts.retryAfterMs ? at(parsed, opts.retryAfterMs) : undefined;
    const wait = typeof ms === 'number' ? ms : typeof seconds === 'number' ? seconds * 1000 : undefined;
    return { message: message === undefined ? undefined : String(message), ...(wait === undefined ? {} : { retryAfterMs: wait }) };
  };
}

/** A reader of plain-text error bodies (the body is the message). */
export function textError(body: string): ProviderError {
  return { message: body.trim() || undefined };
}
