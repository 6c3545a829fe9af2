import type { CheckTimings } from '@vigil/core';

/** The moments (ms since the epoch) got's timer records for a request; absent when a phase did not happen. */
export interface RequestMoments {
  socket?: number;
  lookup?: number;
  connect?: number;
  secureConnect?: number;
  upload?: number;
  response?: number;
  end?: number;
}

const span = (from: number | undefined, to: number | undefined) => (from !== undefined && to !== undefined ? Math.max(0, Math.round(to - from)) : null);

/**
 * Where the time of an http check went: DNS (socket to lookup), connect (lookup, or socket for
 * an IP literal, to connect), TLS (connect to secure connect), first byte (request sent to
 * response headers) and download (headers to the end of the body, or to `endMs` when the read
 * stopped at its bound). A phase that did not happen is null (no TLS on http://, no lookup for
 * an IP literal).
 */
export function checkTimings(t: RequestMoments, endMs: number): CheckTimings {
  return {
    dns: span(t.socket, t.lookup),
    connect: span(t.lookup ?? t.socket, t.connect),
    tls: span(t.connect, t.secureConnect),
    first_byte: span(t.upload, t.response),
    download: span(t.response, t.end ?? endMs),
  };
}
