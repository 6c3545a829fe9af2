import { Integration } from '@vigil/core';
import { inRotationTurn } from './rotate-secret.js';

const row = (accountId: number) => Object.assign(new Integration(), { id: 5, accountId });

describe('inRotationTurn', () => {
  it("queues the rotations of one account's integration, never another account's requests naming the same id", async () => {
    let release!: () => void;
    const held = inRotationTurn(1, 5, () => new Promise<{ value: string; written: Integration }>((r) => (release = () => r({ value: 'owner', written: row(1) }))));
    const seen: (Integration | undefined)[] = [];
    const sameOwner = inRotationTurn(1, 5, async (written) => {
      seen.push(written);
      return { value: 'owner again', written: row(1) };
    });
    // Another account naming integration 5 (its answer is a 404) runs at once, handed nothing.
    await expect(
      inRotationTurn(2, 5, async (written) => {
        seen.push(written);
        return { value: 'other account', written: row(2) };
      }),
    ).resolves.toBe('other account');
    expect(seen).toEqual([undefined]);
    release();
    await expect(held).resolves.toBe('owner');
    await expect(sameOwner).resolves.toBe('owner again');
    // The owner's next rotation starts from the row the one before it wrote.
    expect(seen[1]).toMatchObject({ id: 5, accountId: 1 });
  });
});
