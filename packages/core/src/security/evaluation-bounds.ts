/**
 * What a tenant supplies that Vigil evaluates, where, and what bounds each evaluation. Every
 * user evaluator is bounded by construction: by a count of steps or bytes, never only by hoping
 * the input is friendly. docs/security.md has the same table in prose.
 *
 * | input                              | evaluated in                                   | bounds                                      |
 * | ---------------------------------- | ---------------------------------------------- | ------------------------------------------- |
 * | maintenance window RRULE           | API views, monitor list, SLA, status pages;    | RRULE_BOUNDS                                |
 * |                                    | checker (before its write transactions);       |                                             |
 * |                                    | notifier (held alerts)                         |                                             |
 * | assertion regular expressions      | checker (header, body, json_path `matches`)    | REGEX_BOUNDS (RE2: linear time)             |
 * | assertion JSONPath                 | checker                                        | JSON_BOUNDS, ASSERTION_TIME_BOUND_MS        |
 * | body / header conditions           | checker                                        | BODY_BOUNDS, HEADER_BOUNDS                  |
 * | heartbeat cron schedules           | API, checker                                   | croner, 5 fields, never-firing refused      |
 */

/** RFC 5545 RRULEs of maintenance windows (packages/core/src/maintenance/recurrence.ts). */
export const RRULE_BOUNDS = {
  /**
   * Periods (days, weeks, months or years, by FREQ) one evaluation may walk. Expansion starts
   * at the period holding the asked time (DTSTART is moved forward by whole INTERVALs), so a
   * rule that fires walks a handful; one that stops firing stops here, and what was found so
   * far is the answer (nothing more occurs). About 2 µs a period: ~11 ms at worst (a daily rule
   * on 29 February needs up to 2,922: eight years without one around 2100).
   */
  maxIterations: 5_000,
  /** Saving a recurring window: its rule must occur within this many years of the later of starts_at and now. */
  lookaheadYears: 5,
  /** Days of occurrences kept in process (by schedule and UTC day); the oldest go first. */
  cacheEntries: 10_000,
  /** Occurrences returned by one evaluation. */
  maxOccurrences: 1_000,
} as const;

/** Regular expressions of `matches` assertions (packages/core/src/monitors/assertions/user-regex.ts). */
export const REGEX_BOUNDS = {
  /** Pattern length (validation). */
  patternChars: 500,
  /** Compiled patterns kept in process. */
  cacheEntries: 1_000,
} as const;

/** A body parsed as JSON for json_path assertions (packages/core/src/monitors/assertions/bounded-json.ts). */
export const JSON_BOUNDS = {
  /** Nesting of arrays and objects; deeper documents are not evaluated. */
  maxDepth: 64,
  /** Values (scalars, arrays and objects) in the document; bigger documents are not evaluated. */
  maxValues: 100_000,
  /** Values a JSONPath may select that are judged; more are ignored. */
  maxSelected: 100,
  /**
   * Reads of the document one JSONPath query may make (each member or element read, each key
   * listed; match() and search() count a step per 16 characters of their input). A descent
   * through the largest document takes ~200,000; a query that reads more fails.
   */
  maxSteps: 500_000,
} as const;

/** What of a body assertions read (the probe reads at most 1 MiB of it). */
export const BODY_BOUNDS = {
  /** Bytes of the body that regular expressions and JSON parsing see (the read bound). */
  maxBytes: 1024 * 1024,
} as const;

/**
 * Response headers judged by header assertions. Node's HTTP parser (under got) already refuses a
 * response head over 16 KiB (`--max-http-header-size`, default) and keeps at most 2,000 header
 * lines; this bounds what one condition reads whatever the source of the headers.
 */
export const HEADER_BOUNDS = {
  /** Characters of a header's value (repeated headers joined with ", ") that a condition sees. */
  maxValueChars: 16 * 1024,
} as const;
