import { presenceChange } from './location-presence.js';

const MIN = 60_000;

describe('presenceChange', () => {
  const online = { offlineAfterSeconds: 300, offlineSinceMs: null };
  const offlineSince = { offlineAfterSeconds: 300, offlineSinceMs: 1_000 * MIN };

  it('is offline once no agent polled for offline_after_seconds, not a millisecond before', () => {
    expect(presenceChange(online, 1_000 * MIN, 1_005 * MIN - 1)).toBeNull();
    expect(presenceChange(online, 1_000 * MIN, 1_005 * MIN)).toBe('offline');
  });

  it('never alerts a location no agent ever polled (or whose polls Redis lost)', () => {
    expect(presenceChange(online, null, 9_999 * MIN)).toBeNull();
    expect(presenceChange(offlineSince, null, 9_999 * MIN)).toBeNull();
  });

  it('an open episode stays open until a poll newer than the one it began after', () => {
    expect(presenceChange(offlineSince, 1_000 * MIN, 9_999 * MIN)).toBeNull();
    expect(presenceChange(offlineSince, 1_000 * MIN + 1, 9_999 * MIN)).toBe('online');
  });
});
