import { Backoffs } from 'bullmq';
import { DEFAULT_RETRY_POLICY, deliveryJobId, deliveryJobOptions, shouldRetry } from './retry-policy.js';

describe('retry policy', () => {
  it('defaults to 5 attempts with exponential backoff and jitter', () => {
    expect(deliveryJobOptions(42, DEFAULT_RETRY_POLICY)).toEqual({
      jobId: 'alert-delivery-42',
      attempts: 5,
      backoff: { type: 'exponential', delay: 30_000, jitter: 0.5 },
    });
    expect(deliveryJobId(7)).toBe('alert-delivery-7');
  });

  it("BullMQ's delays double per attempt and stay within the jitter window", () => {
    const { backoff } = deliveryJobOptions(1, DEFAULT_RETRY_POLICY);
    for (let attemptsMade = 1; attemptsMade <= 4; attemptsMade++) {
      const max = 30_000 * 2 ** (attemptsMade - 1);
      const delays = Array.from({ length: 200 }, () => Backoffs.calculate(Backoffs.normalize(backoff!)!, attemptsMade, new Error('x'), {} as never) as number);
      for (const d of delays) {
        expect(d).toBeGreaterThanOrEqual(max / 2);
        expect(d).toBeLessThanOrEqual(max);
      }
      // Jitter: not every delay is the same.
      expect(new Set(delays).size).toBeGreaterThan(1);
    }
  });

  it('retries only retryable failures, and not after the last attempt', () => {
    expect(shouldRetry({ ok: false, retryable: true }, 1, 5)).toBe(true);
    expect(shouldRetry({ ok: false, retryable: true }, 4, 5)).toBe(true);
    expect(shouldRetry({ ok: false, retryable: true }, 5, 5)).toBe(false);
    expect(shouldRetry({ ok: false, retryable: false }, 1, 5)).toBe(false);
    expect(shouldRetry({ ok: true, retryable: false }, 1, 5)).toBe(false);
    expect(shouldRetry({ ok: false, retryable: true }, 1, 1)).toBe(false);
  });
});
