/**
 * Reads a body from a user's target without trusting it: at most `maxBytes` off the wire and
 * at most `maxDecodedBytes` after Content-Encoding, stopping (and destroying the source) the
 * moment either is reached, so a gzip bomb or an endless body costs bounded memory and CPU.
 * Time is the caller's: pass a `signal` (AbortSignal.timeout(ms)) for a slow sender.
 */
import type { Readable, Transform } from 'node:stream';
import zlib from 'node:zlib';

export interface BodyLimits {
  /** Bytes read from the source, as sent (compressed). */
  maxBytes: number;
  /** Bytes kept after decoding; the body returned is at most this long. */
  maxDecodedBytes: number;
}

export interface BoundedBody {
  /** The (decoded) body, or its first maxDecodedBytes. */
  body: Buffer;
  /** A limit was reached: `body` is only the start of what the source would have sent. */
  truncated: boolean;
  /** Bytes read from the source. */
  bytesRead: number;
  /** False when the Content-Encoding is not one we decode: `body` holds the bytes as sent. */
  decoded: boolean;
}

export interface ReadBodyOptions extends BodyLimits {
  /** The response's Content-Encoding; gzip, x-gzip, deflate and br are decoded. */
  contentEncoding?: string;
  signal?: AbortSignal;
  /** On abort, resolve with what was decoded so far (`truncated`) instead of rejecting. */
  keepPartialOnAbort?: boolean;
}

function decoderFor(encoding: string | undefined): Transform | null | 'unknown' {
  const name = (encoding ?? '').trim().toLowerCase();
  if (name === '' || name === 'identity') return null;
  if (name === 'gzip' || name === 'x-gzip' || name === 'deflate') return zlib.createUnzip();
  if (name === 'br') return zlib.createBrotliDecompress();
  return 'unknown';
}

export function readBoundedBody(source: Readable, opts: ReadBodyOptions): Promise<BoundedBody> {
  const chosen = decoderFor(opts.contentEncoding);
  const decoder = chosen === 'unknown' ? null : chosen;
  return new Promise<BoundedBody>((resolve, reject) => {
    const parts: Buffer[] = [];
    let kept = 0;
    let bytesRead = 0;
    let truncated = false;
    let inputEnded = false;
    let settled = false;

    const finish = (error?: unknown) => {
      if (settled) return;
      settled = true;
      opts.signal?.removeEventListener('abort', onAbort);
      source.destroy();
      decoder?.destroy();
      if (error !== undefined) reject(error);
      else resolve({ body: Buffer.concat(parts, kept), truncated, bytesRead, decoded: chosen !== 'unknown' });
    };
    const onAbort = () => {
      if (!opts.keepPartialOnAbort) return finish(opts.signal?.reason);
      truncated = true;
      finish();
    };
    const keep = (chunk: Buffer) => {
      if (settled) return;
      const room = opts.maxDecodedBytes - kept;
      if (chunk.length <= room) {
        parts.push(chunk);
        kept += chunk.length;
        return;
      }
      parts.push(chunk.subarray(0, room));
      kept += room;
      truncated = true;
      finish();
    };
    /** No more input: a decoder still flushes what it holds. */
    const endInput = () => {
      if (inputEnded) return;
      inputEnded = true;
      if (decoder) decoder.end();
      else finish();
    };

    if (opts.signal?.aborted) return onAbort();
    opts.signal?.addEventListener('abort', onAbort, { once: true });

    if (decoder) {
      decoder.on('data', keep);
      decoder.on('end', () => finish());
      // Cut short on purpose: what was decoded stands; otherwise the encoding was broken.
      decoder.on('error', (e) => (truncated ? finish() : finish(e)));
      decoder.on('drain', () => source.resume());
    }
    source.on('data', (chunk: Buffer) => {
      if (settled || inputEnded) return;
      const room = opts.maxBytes - bytesRead;
      const piece = chunk.length > room ? chunk.subarray(0, room) : chunk;
      bytesRead += piece.length;
      if (!decoder) keep(piece);
      else if (!decoder.write(piece)) source.pause();
      if (chunk.length > room) {
        truncated = true;
        source.pause();
        endInput();
      }
    });
    source.on('end', endInput);
    source.on('error', (e) => (truncated ? endInput() : finish(e)));
  });
}
