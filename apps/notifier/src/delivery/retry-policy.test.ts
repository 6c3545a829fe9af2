import { DEFAULT_RETRY_POLICY, DELIVERY_BACKOFF, DeliveryRetryError, deliveryJobId, deliveryJobOptions, nextDeliveryDelay, shouldRetry } from './retry-policy.js';

describe('retry policy', () => {
  it('defaults to 5 attempts with exponential backoff and jitter', () => {
    expect(deliveryJobOptions(42, DEFAULT_RETRY_POLICY)).toEqual({
      jobId: 'alert-delivery-42',
      attempts: 5,
      backoff: { type: DELIVERY_BACKOFF, delay: 30_000, jitter: 0.5 },
    });
    expect(deliveryJobId(7)).toBe('alert-delivery-7');
  });

  it('delays double per attempt and stay within the jitter window', () => {
    const backoff = { delay: DEFAULT_RETRY_POLICY.baseDelayMs, jitter: DEFAULT_RETRY_POLICY.jitter };
    for (let attemptsMade = 1; attemptsMade <= 4; attemptsMade++) {
      const max = 30_000 * 2 ** (attemptsMade - 1);
      const delays = Array.from({ length: 200 }, () => nextDeliveryDelay(attemptsMade, backoff, new Error('x')));
      for (const d of delays) {
        expect(d).toBeGreaterThanOrEqual(max / 2);
        expect(d).toBeLessThanOrEqual(max);
      }
      // Jitter: not every delay is the same.
      expect(new Set(delays).size).toBeGreaterThan(1);
    }
  });

  it("waits at least the receiver's Retry-After, and no less than the backoff", () => {
    const backoff = { delay: 1_000, jitter: 0 };
    expect(nextDeliveryDelay(1, backoff, new DeliveryRetryError('429', 120_000))).toBe(120_000);
    expect(nextDeliveryDelay(3, backoff, new DeliveryRetryError('429', 500))).toBe(4_000);
    expect(nextDeliveryDelay(2, backoff, new DeliveryRetryError('500'))).toBe(2_000);
    expect(nextDeliveryDelay(2, backoff, new Error('other'))).toBe(2_000);
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
