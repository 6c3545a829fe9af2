import type { Monitor, MonitorMethod } from '@vigil/core';

/** What one check requests and what it expects: the probe's view of a monitor. */
export interface ProbeTarget {
  url: string;
  method: MonitorMethod;
  headers: Record<string, string>;
  body: string | null;
  timeoutSeconds: number;
  followRedirects: boolean;
  verifySsl: boolean;
  /** Empty means any 2xx. */
  expectedStatusCodes: number[];
  expectedContent: string | null;
}

export function probeTargetOf(
  m: Pick<
    Monitor,
    | 'url'
    | 'method'
    | 'headers'
    | 'body'
    | 'timeout'
    | 'followRedirects'
    | 'verifySsl'
    | 'expectedStatusCodes'
    | 'expectedContent'
  >,
): ProbeTarget {
  return {
    url: m.url,
    method: m.method,
    headers: m.headers ?? {},
    body: m.body,
    timeoutSeconds: m.timeout,
    followRedirects: m.followRedirects,
    verifySsl: m.verifySsl,
    expectedStatusCodes: m.expectedStatusCodes ?? [],
    expectedContent: m.expectedContent,
  };
}
