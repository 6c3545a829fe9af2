import { bumpStatusVersions, ManualClock } from '@vigil/core';
import { createTestContext, type TestContext } from '@vigil/testing';
import { knownStatusVersion, statusChanged, statusVersionReader, VERSION_MEMO_MS } from './read-status-version.js';

let ctx: TestContext;
const clock = new ManualClock(new Date());

beforeAll(async () => {
  ctx = await createTestContext({ clock });
});
afterAll(async () => {
  await ctx.teardown();
});

async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((r) => setTimeout(r, 5));
}

describe('status versions without waiting', () => {
  it('knows a version once read, reads ahead past half the memo time, and forgets it past the memo time', async () => {
    const read = statusVersionReader(ctx);
    expect(knownStatusVersion(ctx, 101)).toBeUndefined(); // never read
    expect(await read(101)).toBe('0');
    expect(knownStatusVersion(ctx, 101)).toBe('0');
    await bumpStatusVersions(ctx.redis, ctx.config.redisPrefix, ctx.logger, [101]); // a change made elsewhere (the checker)
    expect(knownStatusVersion(ctx, 101)).toBe('0'); // the memo still holds
    clock.advance(VERSION_MEMO_MS / 2);
    expect(knownStatusVersion(ctx, 101)).toBe('0'); // still known; a read ahead starts
    await until(() => knownStatusVersion(ctx, 101) === '1');
    expect(await read(101)).toBe('1'); // the reader answers the same
    clock.advance(VERSION_MEMO_MS);
    expect(knownStatusVersion(ctx, 101)).toBeUndefined(); // too old to trust
  });

  it('forgets at once a version this process changed', async () => {
    const read = statusVersionReader(ctx);
    expect(await read(102)).toBe('0');
    await statusChanged(ctx, 102);
    expect(knownStatusVersion(ctx, 102)).toBeUndefined();
    expect(await read(102)).toBe('1');
    expect(knownStatusVersion(ctx, 102)).toBe('1');
  });

  it('a read ahead that answers after the process changed the version is not installed', async () => {
    const read = statusVersionReader(ctx);
    expect(await read(103)).toBe('0');
    clock.advance(VERSION_MEMO_MS / 2);
    expect(knownStatusVersion(ctx, 103)).toBe('0'); // starts a read ahead
    await statusChanged(ctx, 103); // forgets the memo the read ahead would replace
    await new Promise((r) => setTimeout(r, 20));
    expect(knownStatusVersion(ctx, 103)).toBeUndefined();
    expect(await read(103)).toBe('1');
  });
});
