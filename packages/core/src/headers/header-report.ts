/**
 * The security-header report (service-api.md "Security-header report", decisions §5): what the
 * scanner's header-check and header-grade jobs return and the API answers.
 */

export type HeaderGrade = 'A+' | 'A' | 'B' | 'C' | 'D' | 'F';

/** The six graded headers, in canonical capitalisation. */
export const GRADED_HEADERS = [
  'Content-Security-Policy',
  'Strict-Transport-Security',
  'X-Frame-Options',
  'X-Content-Type-Options',
  'Referrer-Policy',
  'Permissions-Policy',
] as const;
export type GradedHeaderName = (typeof GRADED_HEADERS)[number];

export const MAX_POINTS: Record<GradedHeaderName, number> = {
  'Content-Security-Policy': 25,
  'Strict-Transport-Security': 25,
  'X-Frame-Options': 15,
  'X-Content-Type-Options': 15,
  'Referrer-Policy': 10,
  'Permissions-Policy': 10,
};

/** summary.headers[name]: the verdict on one graded header and why. */
export interface HeaderVerdict {
  /** The header was in the response. */
  present: boolean;
  /** Its value is well-formed and does what the header is for (false when absent). */
  valid: boolean;
  /** Points earned towards `score`. */
  points: number;
  max_points: number;
  /** The value as received (occurrences joined with ", "), null when absent. */
  value: string | null;
  /** One sentence: why these points. */
  note: string;
}

export interface UpcomingHeader {
  header: 'Cross-Origin-Opener-Policy' | 'Cross-Origin-Embedder-Policy' | 'Cross-Origin-Resource-Policy';
  present: boolean;
  /** The value as received, null when absent. */
  value: string | null;
  description: string;
}

/** One Observatory-style test (service.advanced[]). */
export interface AdvancedTest {
  /** Test id, e.g. "content-security-policy". */
  test: string;
  pass: boolean;
  /** Observatory result id, e.g. "csp-implemented-with-no-unsafe". */
  result: string;
  /** Score modifier of that result (bonuses count only when the score without them is >= 90). */
  modifier: number;
  description: string;
}

export interface HeaderService {
  /** MDN HTTP Observatory-style score: 100 + penalties, + bonuses when that is >= 90, floor 0. */
  deeper_score: number;
  /** The Observatory scoring algorithm `deeper_score` and `advanced` follow. */
  algorithm_version: number;
  advanced: AdvancedTest[];
  /** http://host/ redirects to https. */
  https_redirect: boolean;
  tests_passed: number;
  tests_failed: number;
  tests_quantity: number;
}

export interface HeaderSummary {
  grade: HeaderGrade;
  site: string;
  headers: Record<GradedHeaderName, HeaderVerdict>;
}

/** What the pure grader produces from one response. */
export interface HeaderGradeResult {
  grade: HeaderGrade;
  score: number;
  gradeCapped: boolean;
  /** Present only when gradeCapped. */
  gradeCapReason?: string;
  warnings: string[];
  headersPresent: GradedHeaderName[];
  headersMissing: GradedHeaderName[];
  upcomingHeaders: UpcomingHeader[];
  summary: HeaderSummary;
  /** Lowercase name to value; repeated headers joined with ", ", set-cookie always an array. */
  rawHeaders: Record<string, string | string[]>;
  service: HeaderService;
}

/** The full answer of GET /headers/check. */
export interface HeaderReport extends HeaderGradeResult {
  /** When the target's response was received (ISO 8601); a cached report keeps it. */
  fetched_at: string;
  /** The URL whose response was graded (after redirects). */
  final_url: string;
}
