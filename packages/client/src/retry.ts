/** Statuses after which the server says when to come back: rate limited, or a dependency down. */
const RETRIED = new Set([429, 503]);

export interface RetryOptions {
  /** Further attempts after the first (default 3). */
  retries?: number;
  /** A `Retry-After` longer than this is not waited for: the answer is returned (default 60 s). */
  maxWaitSeconds?: number;
  /** The wait when the answer names none (default 1 s). */
  defaultWaitSeconds?: number;
  /** How to wait (tests pass a recorder). */
  sleep?: (ms: number) => Promise<void>;
  /** The underlying fetch (default the global one). */
  fetch?: (input: Request) => Promise<Response>;
}

/** Seconds to wait from a `Retry-After` value (seconds or an HTTP date); undefined when absent or unreadable. */
export function retryAfterSeconds(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A fetch that answers 429 and 503 by waiting what `Retry-After` says and trying again, up to
 * `retries` times. The request is cloned before each attempt, so a body can be sent again.
 */
export function retryingFetch(opts: RetryOptions = {}): (input: Request) => Promise<Response> {
  const retries = opts.retries ?? 3;
  const maxWait = opts.maxWaitSeconds ?? 60;
  const defaultWait = opts.defaultWaitSeconds ?? 1;
  const sleep = opts.sleep ?? realSleep;
  const send = opts.fetch ?? ((input: Request) => fetch(input));
  return async (input) => {
    for (let attempt = 0; ; attempt++) {
      const response = await send(input.clone());
      if (!RETRIED.has(response.status) || attempt >= retries) return response;
      const wait = retryAfterSeconds(response.headers.get('Retry-After')) ?? defaultWait;
      if (wait > maxWait) return response;
      await response.body?.cancel();
      await sleep(wait * 1000);
    }
  };
}
