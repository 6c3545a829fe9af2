import type { Dependency } from '../errors/dependency-unavailable-error.js';

/** What an outage error says, in words that name no address. */
export interface Outage {
  dependency: Dependency;
  reason: string;
}

const NETWORK_CODES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  EPIPE: 'connection closed',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host not found',
};

/** SQLSTATEs of an unusable server or connection: class 08 and the shutdown/timeout ones of 57. */
const PG_OUTAGE_STATES: Record<string, string> = {
  '57P01': 'server shutting down',
  '57P02': 'server crashed',
  '57P03': 'server starting up',
  '57014': 'statement timed out',
  '53300': 'too many connections',
};

const PG_MESSAGES: [RegExp, string][] = [
  [/^Connection terminated/i, 'connection closed'],
  [/timeout exceeded when trying to connect/i, 'connection timed out'],
  [/^Query read timeout$/, 'query timed out'],
  [/Client has encountered a connection error and is not queryable/i, 'connection closed'],
  [/^Connection terminated due to connection timeout$/, 'connection timed out'],
  // The pool or DataSource closed under a request still running (a shutdown past its grace period).
  [/^Driver not Connected$/, 'connection closed'],
  [/^Cannot use a pool after calling end on the pool$/, 'connection closed'],
];

const REDIS_MESSAGES: [RegExp, string][] = [
  [/^Connection is closed\.?$/, 'connection closed'],
  [/Stream isn't writeable and enableOfflineQueue options is false/, 'not connected'],
  [/^Command timed out$/, 'command timed out'],
  [/Reached the max retries per request limit/, 'not connected'],
  [/^(LOADING|BUSY|MASTERDOWN|READONLY)\b/, 'server not serving'],
];

interface ErrorShape {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  driverError?: unknown;
  cause?: unknown;
  errors?: unknown;
}

function shape(e: unknown): ErrorShape | null {
  return e !== null && typeof e === 'object' ? (e as ErrorShape) : null;
}

function isRedisError(e: ErrorShape): boolean {
  return typeof e.name === 'string' && /^(ReplyError|MaxRetriesPerRequestError|AbortError)$/.test(e.name);
}

/**
 * Whether an error means PostgreSQL or Redis is out of reach (rather than a bug or bad input),
 * and which. Drivers and TypeORM wrap each other (QueryFailedError.driverError, cause,
 * AggregateError.errors), so wrapped errors are unwrapped. Errors of a user's target (a probe,
 * a webhook) never reach this: they are handled where they happen.
 */
export function classifyOutage(err: unknown, depth = 0): Outage | null {
  const e = shape(err);
  if (!e || depth > 4) return null;
  const message = typeof e.message === 'string' ? e.message : '';
  const code = typeof e.code === 'string' ? e.code : '';
  for (const [pattern, reason] of REDIS_MESSAGES) if (pattern.test(message)) return { dependency: 'redis', reason };
  if (isRedisError(e) && /ECONNREFUSED|ECONNRESET|ETIMEDOUT/.test(message)) return { dependency: 'redis', reason: 'connection refused' };
  for (const [pattern, reason] of PG_MESSAGES) if (pattern.test(message)) return { dependency: 'postgres', reason };
  if (PG_OUTAGE_STATES[code]) return { dependency: 'postgres', reason: PG_OUTAGE_STATES[code] };
  if (/^08[0-9A-Z]{3}$/.test(code)) return { dependency: 'postgres', reason: 'connection failure' };
  // A bare socket error reaching a request or job is PostgreSQL's: pg rejects queries with the
  // socket's own error, while ioredis rejects commands with its messages above.
  if (NETWORK_CODES[code] && typeof (e as { syscall?: unknown }).syscall === 'string') return { dependency: 'postgres', reason: NETWORK_CODES[code] };
  for (const inner of [e.driverError, e.cause]) {
    const found = classifyOutage(inner, depth + 1);
    if (found) return found;
  }
  if (Array.isArray(e.errors)) {
    for (const inner of e.errors) {
      const found = classifyOutage(inner, depth + 1);
      if (found) return found;
    }
  }
  return null;
}

/** A socket-level error code in words (for probes that know which dependency they asked). */
export function networkReason(err: unknown): string {
  const e = shape(err);
  const code = typeof e?.code === 'string' ? e.code : '';
  if (NETWORK_CODES[code]) return NETWORK_CODES[code];
  const outage = classifyOutage(err);
  if (outage) return outage.reason;
  const message = typeof e?.message === 'string' ? e.message : '';
  if (/timed out/i.test(message)) return 'timed out';
  // Never echo the message itself: it may name an address.
  return 'unavailable';
}
