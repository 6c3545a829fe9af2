/**
 * A scan's whole-run budget. When it passes, `signal` aborts with the scan's error: every
 * socket the scan holds is closed, queued probes never start, and the scan rejects. Since all
 * parsing happens in socket callbacks, nothing of the scan runs (no CPU) after that.
 */
import { UpstreamError } from '@vigil/core';

export interface Deadline {
  readonly signal: AbortSignal;
  /** Milliseconds left, 0 once passed. */
  remainingMs(): number;
  /** Stops the timer (the scan ended first). */
  dispose(): void;
}

export function startDeadline(budgetMs: number, now: () => number = () => performance.now()): Deadline {
  const controller = new AbortController();
  const end = now() + budgetMs;
  const timer = setTimeout(() => controller.abort(new UpstreamError(`Scan timed out after ${budgetMs} ms`)), budgetMs);
  return {
    signal: controller.signal,
    remainingMs: () => (controller.signal.aborted ? 0 : Math.max(0, end - now())),
    dispose: () => clearTimeout(timer),
  };
}

/** Settles like `work`, or rejects with the deadline's error as soon as it passes. */
export async function withinDeadline<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) throw signal.reason;
  let onAbort = (): void => undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([work, aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}
