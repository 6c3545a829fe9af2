import { rollupDeltas } from './rollup-deltas.js';
import { routeRollups } from './rollup-routes.js';

const hour = (h: number) => new Date(Date.UTC(2026, 0, 1, h));
const check = (monitorId: number, h: number) => ({ monitorId, checkedAt: new Date(hour(h).getTime() + 60_000), status: 'success' as const, responseTimeMs: 10, timings: null });
const routes = (checks: ReturnType<typeof check>[], kept: Map<number, Date | null>) =>
  routeRollups(rollupDeltas(checks), kept).map((d) => [d.monitorId, d.hour.getUTCHours(), d.route, d.total]);

describe('routeRollups', () => {
  it('keeps the newest hour of a kept monitor on its row: added to the same hour, replacing an older one, set when none', () => {
    const kept = new Map([
      [1, hour(10)],
      [2, hour(9)],
      [3, null],
    ]);
    expect(routes([check(1, 10), check(1, 10), check(2, 10), check(3, 10)], kept)).toEqual([
      [1, 10, 'add', 2],
      [2, 10, 'replace', 1],
      [3, 10, 'replace', 1],
    ]);
  });

  it('stores every other hour: older hours of the batch, hours older than the one kept, and monitors not kept', () => {
    const kept = new Map([
      [1, hour(10)],
      [2, hour(10)],
    ]);
    expect(routes([check(1, 9), check(1, 10), check(1, 11), check(2, 8), check(4, 10)], kept)).toEqual([
      [1, 9, 'store', 1],
      // The hour kept until now is stored with this batch's checks of it; the newest replaces it.
      [1, 10, 'store', 1],
      [1, 11, 'replace', 1],
      [2, 8, 'store', 1],
      [4, 10, 'store', 1],
    ]);
  });

  it('nothing in, nothing out', () => {
    expect(routeRollups([], new Map([[1, null]]))).toEqual([]);
  });
});
