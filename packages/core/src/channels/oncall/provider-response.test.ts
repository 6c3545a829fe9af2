import { MAX_RETRY_AFTER_MS, providerMessage, retryAfterMs } from './provider-response.js';

describe('providerMessage', () => {
  it("reads PagerDuty's and Opsgenie's error bodies", () => {
    expect(
      providerMessage(JSON.stringify({ status: 'invalid event', message: 'Event object is invalid', errors: ["'payload.summary' is missing or blank"] })),
    ).toBe("Event object is invalid; 'payload.summary' is missing or blank");
    expect(providerMessage(JSON.stringify({ message: 'Key format is not valid!', took: 0.001, requestId: 'b3a0' }))).toBe('Key format is not valid!');
    expect(providerMessage(JSON.stringify({ message: 'Request body is not processable', errors: { message: 'Message can not be empty.' } }))).toBe(
      'Request body is not processable; message: Message can not be empty.',
    );
  });

  it('keeps one short line, and nothing from what is not a JSON error body', () => {
    expect(providerMessage(JSON.stringify({ message: `a\n\n${'b'.repeat(1000)}` }))).toBe(`a ${'b'.repeat(298)}`);
    expect(providerMessage('<html>Bad gateway</html>')).toBeNull();
    expect(providerMessage('[]')).toBeNull();
    expect(providerMessage('{"status":"ok"}')).toBeNull();
  });
});

describe('retryAfterMs', () => {
  const now = new Date('2026-11-21T10:00:00Z');

  it('reads seconds and HTTP dates', () => {
    expect(retryAfterMs('30', now)).toBe(30_000);
    expect(retryAfterMs('Sat, 21 Nov 2026 10:01:00 GMT', now)).toBe(60_000);
    expect(retryAfterMs('Sat, 21 Nov 2026 09:00:00 GMT', now)).toBe(0);
  });

  it('caps long waits and ignores what it cannot read', () => {
    expect(retryAfterMs('999999', now)).toBe(MAX_RETRY_AFTER_MS);
    expect(retryAfterMs(undefined, now)).toBeUndefined();
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs('-5', now)).toBeUndefined();
    expect(retryAfterMs('1.5', now)).toBeUndefined();
  });
});
