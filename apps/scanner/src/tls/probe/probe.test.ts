import { suiteById } from '../cipher-suites.js';
import { createLimiter } from './exchange.js';
import { offeredSuites } from './prober.js';

describe('offeredSuites', () => {
  it('offers what a modern client prefers first, anonymous and export suites last', () => {
    const suites = offeredSuites('TLSv1.2').map((id) => suiteById(id));
    expect(suites[0]).toMatchObject({ kx: 'ECDHE', aead: true, bits: 256 });
    const firstWeak = suites.findIndex((s) => s?.auth === 'anon' || s?.export);
    expect(suites.slice(firstWeak).every((s) => s?.auth === 'anon' || s?.export)).toBe(true);
    expect(offeredSuites('TLSv1.3')).toEqual([0x1302, 0x1303, 0x1301, 0x1304, 0x1305]);
    expect(offeredSuites('SSLv3').every((id) => suiteById(id)?.minProtocol === 'SSLv3')).toBe(true);
  });
});

describe('createLimiter', () => {
  it('runs at most the limit at once and passes results and errors through', async () => {
    const limit = createLimiter(2);
    let active = 0;
    let peak = 0;
    const gates: (() => void)[] = [];
    const task = (n: number) => async () => {
      active++;
      peak = Math.max(peak, active);
      await new Promise<void>((resolve) => gates.push(resolve));
      active--;
      if (n === 3) throw new Error('task 3 failed');
      return n;
    };
    const runs = [1, 2, 3, 4].map((n) => limit(task(n)));
    const settled = Promise.allSettled(runs);
    while (gates.length || active) {
      await new Promise((r) => setImmediate(r));
      gates.shift()?.();
    }
    const results = await settled;
    expect(peak).toBe(2);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([1, 2, 'task 3 failed', 4]);
  });
});
