import type { Assertion, MonitorMethod } from '@vigil/core';

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
  /** Judged after the two above; each failed one named in the error. */
  assertions: Assertion[];
}
