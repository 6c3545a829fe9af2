export * from './types.js';
export * from './csp.js';
export * from './header-map.js';
export * from './header-values.js';
export { gradeHeaders, scoreToGrade, scriptPolicyCap, httpsRedirect, type GradeContext, type ScriptCap } from './grade.js';
export { observatoryTests, observatoryScore, type ObservatoryInput } from './observatory.js';
export {
  fetchSiteHeaders,
  MAX_REDIRECTS,
  type FetchOptions,
  type FetchedSite,
} from './fetch.js';
export { buildHeaderReport } from './report.js';
export { checkHeaders } from './check.js';
export { handleHeaderCheck } from './job.js';
export { gradeWhatIf } from './what-if.js';
