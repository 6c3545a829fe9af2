import type { CheckResult } from '@vigil/core';
import { effectiveQuorum, judgeRound, roundComplete, type RegionAnswer } from './judge-round.js';

const ok = (ms: number, at = '2026-01-01T00:00:00.000Z'): CheckResult => ({ timestamp: at, status: 'success', response_time_ms: ms, status_code: 200 });
const bad = (error: string, at = '2026-01-01T00:00:00.000Z'): CheckResult => ({ timestamp: at, status: 'failure', response_time_ms: null, status_code: null, error });
const answer = (region: string, result: CheckResult, checkId = region): RegionAnswer => ({ region, checkId, result });
const three = { regions: ['eu', 'us', 'ap'], minFailingRegions: null };

describe('judgeRound', () => {
  it('needs a majority by default and never more than the regions that answered', () => {
    expect(effectiveQuorum(three, 3)).toBe(2);
    expect(effectiveQuorum(three, 1)).toBe(1);
    expect(effectiveQuorum({ regions: ['eu', 'us'], minFailingRegions: null }, 2)).toBe(2);
    expect(effectiveQuorum({ regions: ['eu', 'us', 'ap'], minFailingRegions: 1 }, 3)).toBe(1);
    expect(effectiveQuorum({ regions: ['eu', 'us', 'ap'], minFailingRegions: 3 }, 2)).toBe(2);
  });

  it('passes when fewer than the quorum failed, with the median successful response time', () => {
    const v = judgeRound(three, [answer('eu', ok(100)), answer('us', bad('Connection refused')), answer('ap', ok(300))]);
    expect(v).toEqual({
      failed: false,
      failingRegions: ['us'],
      skippedRegions: [],
      checkId: 'eu',
      result: { timestamp: '2026-01-01T00:00:00.000Z', status: 'success', response_time_ms: 100, status_code: 200 },
    });
  });

  it('fails at the quorum, naming every failing region and its error in the cause', () => {
    const v = judgeRound(three, [answer('eu', bad('Timeout')), answer('us', bad('Connection refused', '2026-01-01T00:00:01.000Z')), answer('ap', ok(300))]);
    expect(v?.failed).toBe(true);
    expect(v?.failingRegions).toEqual(['eu', 'us']);
    expect(v?.checkId).toBe('eu');
    expect(v?.result).toEqual({
      timestamp: '2026-01-01T00:00:01.000Z',
      status: 'failure',
      response_time_ms: null,
      status_code: null,
      error: 'Failed in 2 of 3 regions: eu: Timeout; us: Connection refused',
    });
  });

  it('skips regions that did not answer (never a failure) and ignores regions the monitor no longer has', () => {
    const v = judgeRound(three, [answer('us', bad('Connection refused')), answer('gone', bad('x'))]);
    expect(v?.failed).toBe(true);
    expect(v?.skippedRegions).toEqual(['eu', 'ap']);
    expect(judgeRound(three, [answer('gone', bad('x'))])).toBeNull();
  });

  it('is complete when every region with a live checker answered', () => {
    const answers = [answer('eu', ok(1)), answer('us', ok(1))];
    expect(roundComplete(three, answers, undefined)).toBe(false);
    expect(roundComplete(three, answers, ['eu', 'us'])).toBe(true);
    expect(roundComplete(three, answers, ['eu', 'us', 'ap'])).toBe(false);
  });
});
