import type { Readable } from 'node:stream';
import { HEARTBEAT_BODY_MAX_BYTES, stallSafeTimeout } from '@vigil/core';

/** Bytes read (and thrown away) past the kept part before the answer stops waiting for the rest. */
const DRAIN_MAX_BYTES = 1024 * 1024;
/** How long a ping's body may take to arrive. */
const BODY_TIMEOUT_MS = 5_000;

export interface PingBody {
  /** At most maxBytes + 1 bytes (one more than kept, so a cut is visible). */
  bytes: Buffer;
  /** More arrived than is kept, or the body did not end in time or within the drain limit. */
  truncated: boolean;
  /** The stream was left unfinished: answer with Connection: close. */
  abandoned: boolean;
}

/**
 * The first `maxBytes` of a request body, read without buffering more: the rest is read and
 * dropped up to DRAIN_MAX_BYTES, and a body that is larger or slower than BODY_TIMEOUT_MS is
 * abandoned (the connection closes after the answer).
 */
export function readPingBody(stream: Readable, maxBytes = HEARTBEAT_BODY_MAX_BYTES): Promise<PingBody> {
  return new Promise((resolve) => {
    const kept: Buffer[] = [];
    let keptBytes = 0;
    let total = 0;
    let done = false;
    const finish = (abandoned: boolean) => {
      if (done) return;
      done = true;
      timer.clear();
      stream.off('data', onData).off('end', onEnd).off('error', onError);
      if (abandoned) stream.pause();
      resolve({ bytes: Buffer.concat(kept), truncated: abandoned || total > maxBytes, abandoned });
    };
    const onData = (chunk: Buffer) => {
      total += chunk.length;
      if (keptBytes <= maxBytes) {
        const part = chunk.subarray(0, maxBytes + 1 - keptBytes);
        kept.push(part);
        keptBytes += part.length;
      }
      if (total > DRAIN_MAX_BYTES) finish(true);
    };
    const onEnd = () => finish(false);
    const onError = () => finish(true);
    // Stall-safe: after an event-loop stall, a body that arrived in time is read first.
    const timer = stallSafeTimeout(() => finish(true), BODY_TIMEOUT_MS);
    stream.on('data', onData).on('end', onEnd).on('error', onError);
  });
}
