import { inMonitorWriteTurn } from './write-at-version.js';

describe('inMonitorWriteTurn', () => {
  it("queues the writes of one account's monitor, never another account's requests naming the same id", async () => {
    let release!: () => void;
    const held = inMonitorWriteTurn(1, '5', () => new Promise<string>((r) => (release = () => r('owner'))));
    const log: string[] = [];
    const sameOwner = inMonitorWriteTurn(1, '5', async () => log.push('owner again'));
    // Another account naming monitor 5 (its answer is a 404) runs at once.
    await expect(inMonitorWriteTurn(2, '5', async () => 'other account')).resolves.toBe('other account');
    expect(log).toEqual([]);
    release();
    await expect(held).resolves.toBe('owner');
    await sameOwner;
    expect(log).toEqual(['owner again']);
  });

  it('runs a write whose id does not parse at once', async () => {
    let release!: () => void;
    const held = inMonitorWriteTurn(1, '7', () => new Promise<void>((r) => (release = r)));
    await expect(inMonitorWriteTurn(1, 'x7', async () => 'at once')).resolves.toBe('at once');
    release();
    await held;
  });
});
