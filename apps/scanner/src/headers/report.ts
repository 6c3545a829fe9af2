import { gradeHeaders } from './grade.js';
import { fromRawHeaders } from './header-map.js';
import type { FetchedSite } from './fetch.js';
import type { HeaderReport } from './types.js';

/** The report of a fetched response (pure): the grade plus when and where it was fetched. */
export function buildHeaderReport(fetched: FetchedSite, site: string): HeaderReport {
  const graded = gradeHeaders(fromRawHeaders(fetched.rawHeaders), {
    site,
    https: fetched.https,
    certificateTrusted: fetched.certificateTrusted,
    httpProbe: fetched.httpProbe,
    fetchWarnings: fetched.warnings,
    scripts: fetched.scripts,
  });
  return { ...graded, fetched_at: fetched.fetchedAt.toISOString(), final_url: fetched.finalUrl };
}
