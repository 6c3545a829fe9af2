import { UpstreamError, ValidationError } from '../errors/errors.js';
import { headerCheckResponseHeaders, isHeaderCheckFailure, unwrapHeaderCheckResult } from './header-check-result.js';
import type { HeaderReport } from './header-report.js';

describe('header-check job results', () => {
  it('unwrapHeaderCheckResult passes reports and throws typed errors', () => {
    const r = { grade: 'A', gradeCapped: true } as HeaderReport;
    expect(unwrapHeaderCheckResult(r)).toBe(r);
    expect(() => unwrapHeaderCheckResult({ status: 400, error: 'Invalid hostname' })).toThrow(ValidationError);
    let thrown: unknown;
    try {
      unwrapHeaderCheckResult({ status: 502, error: 'Site unreachable', detail: 'Connection refused by a:1' });
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(UpstreamError);
    expect((thrown as UpstreamError).message).toBe('Site unreachable');
    expect((thrown as UpstreamError).details).toEqual({ detail: 'Connection refused by a:1' });
  });

  it('headerCheckResponseHeaders sends X-Grade, and X-Grade-Capped only when capped', () => {
    expect(headerCheckResponseHeaders({ grade: 'A', gradeCapped: true })).toEqual({ 'X-Grade': 'A', 'X-Grade-Capped': 'true' });
    expect(headerCheckResponseHeaders({ grade: 'A+', gradeCapped: false })).toEqual({ 'X-Grade': 'A+' });
  });

  it('isHeaderCheckFailure tells failures from reports', () => {
    expect(isHeaderCheckFailure({ status: 502, error: 'Site unreachable' })).toBe(true);
    expect(isHeaderCheckFailure({ grade: 'A', warnings: [] })).toBe(false);
    expect(isHeaderCheckFailure(null)).toBe(false);
  });
});
