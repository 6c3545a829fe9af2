import { missingContentText, unexpectedStatusText } from './check-errors.js';
import type { HttpProbeTarget } from './probe-target.js';

export interface ProbeResponse {
  statusCode: number;
  statusMessage?: string;
  /** The body up to the read bound (empty when not kept). */
  body: Buffer;
  /** True when the body was longer than the bound and reading stopped there. */
  truncated: boolean;
}

/** Whether a response passes a monitor's expectations: null, or the failure's error text. */
export function judgeResponse(
  res: ProbeResponse,
  target: Pick<HttpProbeTarget, 'expectedStatusCodes' | 'expectedContent'>,
): string | null {
  const expected = target.expectedStatusCodes;
  const statusOk = expected.length ? expected.includes(res.statusCode) : res.statusCode >= 200 && res.statusCode < 300;
  if (!statusOk) return unexpectedStatusText(res.statusCode, res.statusMessage);
  if (target.expectedContent && !res.body.includes(target.expectedContent, 0, 'utf8')) {
    return missingContentText(target.expectedContent, res.truncated);
  }
  return null;
}
