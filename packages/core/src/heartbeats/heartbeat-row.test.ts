import type { HeartbeatConfig } from '../monitors/types/heartbeat/heartbeat-config.js';
import { HEARTBEAT_BODY_MAX_BYTES, heartbeatRules, heartbeatState, keptPingBody, type HeartbeatRow } from './heartbeat-row.js';

const config: HeartbeatConfig = { period: 3600, cron: null, timezone: null, grace: 60, min_duration: 5, max_duration: null };
const row: HeartbeatRow = {
  monitor_id: 1,
  anchor_at: new Date('2026-05-04T10:00:00Z'),
  last_start_at: null,
  last_success_at: new Date('2026-05-04T10:30:00Z'),
  last_failure_at: null,
  late_through_at: null,
  slow_start_at: null,
  deadline_at: null,
};

describe('heartbeat rows', () => {
  it('give the rules of a period or a cron schedule', () => {
    expect(heartbeatRules(config)).toEqual({ schedule: { kind: 'period', periodSeconds: 3600, graceSeconds: 60 }, minDurationSeconds: 5, maxDurationSeconds: null });
    expect(heartbeatRules({ ...config, period: null, cron: '0 3 * * *', timezone: 'Europe/Berlin' }).schedule).toEqual({
      kind: 'cron',
      cron: '0 3 * * *',
      timeZone: 'Europe/Berlin',
      graceSeconds: 60,
    });
  });

  it('anchor the state at the later of creation and the last resume', () => {
    expect(heartbeatState(row, null).anchorAt).toEqual(row.anchor_at);
    expect(heartbeatState(row, new Date('2026-05-01T00:00:00Z')).anchorAt).toEqual(row.anchor_at);
    expect(heartbeatState(row, new Date('2026-05-05T00:00:00Z')).anchorAt).toEqual(new Date('2026-05-05T00:00:00Z'));
    expect(heartbeatState(row, null).lastSuccessAt).toEqual(row.last_success_at);
  });
});

describe('keptPingBody', () => {
  it('keeps a short body as text, drops NULs, and nothing for an empty one', () => {
    expect(keptPingBody(Buffer.from('exit 3: disk full\n'), false)).toBe('exit 3: disk full\n');
    expect(keptPingBody(Buffer.from('a\u0000b'), false)).toBe('ab');
    expect(keptPingBody(Buffer.alloc(0), false)).toBeNull();
  });

  it('cuts a long body to the limit and says so', () => {
    const kept = keptPingBody(Buffer.from('x'.repeat(HEARTBEAT_BODY_MAX_BYTES + 5)), false) ?? '';
    expect(kept).toBe('x'.repeat(HEARTBEAT_BODY_MAX_BYTES) + '\n[truncated]');
    expect(keptPingBody(Buffer.from('abc'), true)).toBe('abc\n[truncated]');
  });

  it('a multi-byte character split by the cut is replaced, not kept broken', () => {
    const kept = keptPingBody(Buffer.from('x'.repeat(HEARTBEAT_BODY_MAX_BYTES - 1) + 'é'), false) ?? '';
    expect(kept.startsWith('x'.repeat(HEARTBEAT_BODY_MAX_BYTES - 1) + '\uFFFD')).toBe(true);
    expect(Buffer.byteLength(kept.replace('\n[truncated]', ''))).toBeLessThanOrEqual(HEARTBEAT_BODY_MAX_BYTES + 2);
  });
});
