import { shouldCheck } from './load-monitors.js';

describe('shouldCheck', () => {
  it.each([
    [{ status: 'up', isActive: true }, false, true],
    [{ status: 'pending', isActive: true }, false, true],
    [{ status: 'down', isActive: true }, false, true],
    [{ status: 'degraded', isActive: true }, false, true],
    [{ status: 'paused', isActive: true }, false, false],
    [{ status: 'paused', isActive: true }, true, true],
    [{ status: 'up', isActive: false }, false, false],
    [{ status: 'up', isActive: false }, true, false],
    [{ status: 'paused', isActive: false }, true, false],
    [null, false, false],
    [null, true, false],
  ] as const)('%o manual=%s -> %s', (monitor, manual, expected) => {
    expect(shouldCheck(monitor, manual)).toBe(expected);
  });
});
