import { randomBytes } from 'node:crypto';

const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let offset = 0;

/**
 * `n` cryptographically random bytes, served from a pool drawn 4 KiB at a time (as Node does for
 * randomUUID): hot paths that need a few random bytes per request (quota members, fresh auth
 * stamps) make one system call per few hundred requests instead of one or two per request.
 * Each byte is handed out once; a refill takes a new buffer, so earlier results stay intact.
 */
export function pooledRandomBytes(n: number): Buffer {
  if (n > POOL_BYTES) return randomBytes(n);
  if (offset + n > pool.length) {
    pool = randomBytes(POOL_BYTES);
    offset = 0;
  }
  const bytes = pool.subarray(offset, offset + n);
  offset += n;
  return bytes;
}
