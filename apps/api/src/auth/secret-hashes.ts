/**
 * The hashes of the most recently seen API key secrets, so a busy key is hashed once rather than
 * on every request (SHA-256 through node:crypto was 2 to 3 % of a keyed read's CPU on Node 24:
 * a Hash object, its native handle and the hex digest per request). A hash is a pure function
 * of its secret, so nothing here ever goes stale: revocation and rotation act on the lookup
 * (ApiKeyGate's cache and the auth stamp), not on the hash. Bounded: past `max` secrets the
 * oldest entry goes. The secrets live only in this process's memory, where each request's
 * Authorization header is anyway; they are never logged or written anywhere.
 */
export class SecretHashes {
  private readonly hashes = new Map<string, string>();

  constructor(
    private readonly hash: (secret: string) => string,
    private readonly max: number,
  ) {}

  of(secret: string): string {
    const known = this.hashes.get(secret);
    if (known !== undefined) return known;
    const hash = this.hash(secret);
    if (this.hashes.size >= this.max) this.hashes.delete(this.hashes.keys().next().value as string);
    this.hashes.set(secret, hash);
    return hash;
  }

  get size(): number {
    return this.hashes.size;
  }
}
