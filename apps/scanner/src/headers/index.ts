export * from './types.js';
export * from './csp.js';
export * from './header-map.js';
export * from './header-values.js';
export { gradeHeaders, scoreToGrade, scriptPolicyCap, httpsRedirect, type GradeContext, type ScriptCap } from './grade.js';
export { observatoryTests, observatoryScore, type ObservatoryInput } from './observatory.js';
export { parseHeaderTarget, siteOf, type HeaderTarget } from './target.js';
export {
  fetchSiteHeaders,
  HEADER_FETCH_TIMEOUT_MS,
  HTTP_PROBE_TIMEOUT_MS,
  MAX_REDIRECTS,
  type FetchOptions,
  type FetchedSite,
} from './fetch.js';
export { buildHeaderReport } from './report.js';
export { checkHeaders } from './check.js';
export {
  handleHeaderCheck,
  headerCheckCacheKey,
  readCachedHeaderReport,
  cacheHeaderReport,
  unwrapHeaderCheckResult,
  headerCheckResponseHeaders,
  isHeaderCheckFailure,
  HEADER_CACHE_TTL_SECONDS,
  type HeaderCheckFailure,
  type HeaderCheckJobResult,
} from './job.js';
