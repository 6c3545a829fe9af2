/**
 * Bytes received but not yet consumed, kept as the chunks they came in: appending is O(1)
 * and a chunk is copied only when a read spans several, so a peer dripping one byte at a time
 * costs linear work instead of re-concatenating everything on each read.
 */
export class ByteQueue {
  private chunks: Buffer[] = [];
  private size = 0;

  get length(): number {
    return this.size;
  }

  push(chunk: Buffer): void {
    if (!chunk.length) return;
    this.chunks.push(chunk);
    this.size += chunk.length;
  }

  /** The first `n` bytes without consuming them (n <= length). */
  peek(n: number): Buffer {
    this.gather(n);
    return this.chunks[0].subarray(0, n);
  }

  /** Removes and returns the first `n` bytes (n <= length). */
  take(n: number): Buffer {
    this.gather(n);
    const head = this.chunks[0];
    const out = head.subarray(0, n);
    if (head.length === n) this.chunks.shift();
    else this.chunks[0] = head.subarray(n);
    this.size -= n;
    return out;
  }

  clear(): void {
    this.chunks = [];
    this.size = 0;
  }

  /** Makes the first chunk at least `n` bytes long, joining only the chunks needed. */
  private gather(n: number): void {
    if (n > this.size) throw new RangeError(`need ${n} bytes, have ${this.size}`);
    if (this.chunks[0].length >= n) return;
    let count = 0;
    let joined = 0;
    while (joined < n) joined += this.chunks[count++].length;
    this.chunks.splice(0, count, Buffer.concat(this.chunks.slice(0, count), joined));
  }
}
