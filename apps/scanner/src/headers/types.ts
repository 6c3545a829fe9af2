/** Scanner-side types of the header check; the report itself is defined in @vigil/core. */
export {
  GRADED_HEADERS,
  MAX_POINTS,
  type AdvancedTest,
  type GradedHeaderName,
  type HeaderGrade,
  type HeaderGradeResult,
  type HeaderReport,
  type HeaderService,
  type HeaderSummary,
  type HeaderVerdict,
  type UpcomingHeader,
} from '@vigil/core';

/**
 * The outcome of requesting http://host/ to see whether it upgrades to https. `route` lists
 * every URL visited, the first being the http URL.
 */
export type HttpRedirectProbe =
  | { outcome: 'unreachable' }
  | { outcome: 'completed'; route: string[]; untrustedCertificate: boolean };

/** One <script> element of the graded page (Subresource Integrity test). */
export interface ScriptTag {
  src: string | null;
  integrity: string | null;
  crossorigin: string | null;
}
