/**
 * Reads a hostile response body within a byte cap and a time limit, handing each chunk on
 * as it arrives (nothing is buffered here). The stream is destroyed when the read ends for
 * any reason; an error mid-body ends the read like the cap does, keeping what came.
 */
import type { Readable } from 'node:stream';

export interface BodyLimits {
  maxBytes: number;
  timeoutMs: number;
}

export interface BodyRead {
  bytes: number;
  /** Stopped before the end: the cap, the time limit or an error. */
  truncated: boolean;
}

export function readBoundedBody(stream: Readable, limits: BodyLimits, onChunk: (chunk: Buffer) => void): Promise<BodyRead> {
  return new Promise<BodyRead>((resolve) => {
    let bytes = 0;
    let settled = false;
    const finish = (truncated: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      stream.off('data', onData);
      stream.destroy();
      resolve({ bytes, truncated });
    };
    const timer = setTimeout(() => finish(true), Math.max(1, limits.timeoutMs));
    const onData = (chunk: Buffer) => {
      const room = limits.maxBytes - bytes;
      const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
      bytes += part.length;
      if (part.length) onChunk(part);
      if (bytes >= limits.maxBytes) finish(true);
    };
    stream.on('data', onData);
    stream.once('end', () => finish(false));
    stream.once('error', () => finish(true));
  });
}
