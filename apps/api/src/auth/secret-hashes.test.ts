import { hashApiKeySecret } from '@vigil/core';
import { SecretHashes } from './secret-hashes.js';

describe('SecretHashes', () => {
  it('hashes a secret once while it is among the most recent, and answers what the hash function does', () => {
    let calls = 0;
    const hashes = new SecretHashes((s) => (calls++, hashApiKeySecret(s)), 2);
    expect(hashes.of('vgl_a')).toBe(hashApiKeySecret('vgl_a'));
    expect(hashes.of('vgl_a')).toBe(hashApiKeySecret('vgl_a'));
    expect(calls).toBe(1);
    expect(hashes.of('vgl_b')).toBe(hashApiKeySecret('vgl_b'));
    expect(hashes.of('vgl_c')).toBe(hashApiKeySecret('vgl_c'));
    // Bounded: the oldest went.
    expect(hashes.size).toBe(2);
    expect(hashes.of('vgl_a')).toBe(hashApiKeySecret('vgl_a'));
    expect(calls).toBe(4);
    expect(hashes.of('vgl_c')).toBe(hashApiKeySecret('vgl_c'));
    expect(calls).toBe(4);
  });
});
