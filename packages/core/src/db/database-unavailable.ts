/** Socket-level failures: the server is down, unreachable or dropped the connection. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'EAI_AGAIN', 'ENOTFOUND']);
/**
 * SQLSTATEs of a server that cannot serve now: shutting down, starting, out of connections, or
 * so slow the statement timeout cancelled the work (a frozen server looks like that).
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '57014']);
/** What node-postgres and TypeORM say when a connection cannot be had or died mid-query. */
const UNAVAILABLE_MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /connection timeout/i,
  /query read timeout/i,
  /client has encountered a connection error/i,
  /cannot use a pool after calling end/i,
];

interface ErrorLike {
  message: string;
  code?: unknown;
  driverError?: unknown;
}

/** Duck-typed, not instanceof: errors of Node's own sockets may come from another realm (vm contexts). */
function isErrorLike(e: unknown): e is ErrorLike {
  return typeof e === 'object' && e !== null && typeof (e as { message?: unknown }).message === 'string';
}

/**
 * Whether an error means PostgreSQL could not be reached (so the same work may succeed later),
 * as opposed to an error of the statement itself. Looks through TypeORM's `driverError`.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!isErrorLike(error)) return false;
  for (const e of isErrorLike(error.driverError) ? [error, error.driverError] : [error]) {
    const code = typeof e.code === 'string' ? e.code : undefined;
    if (code && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08'))) return true;
    if (UNAVAILABLE_MESSAGES.some((re) => re.test(e.message))) return true;
  }
  return false;
}
