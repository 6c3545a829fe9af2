import { parseHeaderTarget, type HeaderReport, type OutboundPolicy } from '@vigil/core';
import { fetchSiteHeaders, type FetchOptions } from './fetch.js';
import { buildHeaderReport } from './report.js';

/**
 * Fetches `url` (a hostname, host:port or http(s) URL; normally already normalised by
 * parseHeaderTarget) and grades the final response. Throws ValidationError('Invalid
 * hostname') or UpstreamError('Site unreachable', {detail}).
 */
export async function checkHeaders(url: string, policy: OutboundPolicy, opts: FetchOptions = {}): Promise<HeaderReport> {
  const target = parseHeaderTarget(url);
  const fetched = await fetchSiteHeaders(target.url, policy, opts);
  return buildHeaderReport(fetched, target.site);
}
