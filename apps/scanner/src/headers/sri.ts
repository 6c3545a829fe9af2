/**
 * The Observatory's Subresource Integrity test (algorithm 6) over the page's <script>
 * elements: scripts from another registrable domain (or protocol-relative ones) should carry
 * `integrity` and load over https. Pure: scripts and the page's facts in, one outcome out.
 */
import { getDomain } from 'tldts';
import type { ScriptTag } from './types.js';

export type SriResult =
  | 'sri-implemented-and-all-scripts-loaded-securely'
  | 'sri-implemented-and-external-scripts-loaded-securely'
  | 'sri-implemented-but-external-scripts-not-loaded-securely'
  | 'sri-not-implemented-but-external-scripts-loaded-securely'
  | 'sri-not-implemented-and-external-scripts-not-loaded-securely'
  | 'sri-not-implemented-response-not-html'
  | 'sri-not-implemented-but-no-scripts-loaded'
  | 'sri-not-implemented-but-all-scripts-loaded-from-secure-origin';

export interface SriInput {
  /** The first Content-Type of the response, or null. */
  contentType: string | null;
  scripts: readonly ScriptTag[];
  /** The hostname the check was asked for (its registrable domain is "same site"). */
  hostname: string;
  /** The graded page came over https (relative scripts then load over https). */
  https: boolean;
}

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

/**
 * The Observatory's order for replacing one finding by another: a finding replaces the
 * current one only when it comes later here (so -5 replaces -20, as upstream does).
 */
const ORDER: readonly SriResult[] = [
  'sri-implemented-and-all-scripts-loaded-securely',
  'sri-implemented-and-external-scripts-loaded-securely',
  'sri-implemented-but-external-scripts-not-loaded-securely',
  'sri-not-implemented-but-external-scripts-loaded-securely',
  'sri-not-implemented-and-external-scripts-not-loaded-securely',
  'sri-not-implemented-response-not-html',
];

function laterOf(next: SriResult, current: SriResult | null): SriResult {
  return current === null || ORDER.indexOf(next) > ORDER.indexOf(current) ? next : current;
}

const PROTOCOL_RELATIVE = /^\/\/[^/]/;
const ABSOLUTE = /^https?:\/\//;

function schemeOf(src: string): string | null {
  try {
    return new URL(src).protocol;
  } catch {
    return null;
  }
}

/** Where one script comes from, as the Observatory classifies it. */
function classify(src: string, input: SriInput): { sameOrigin: boolean; secureScheme: boolean } {
  if (PROTOCOL_RELATIVE.test(src)) return { sameOrigin: false, secureScheme: false };
  if (ABSOLUTE.test(src)) {
    const sameSite = getDomain(src) === getDomain(input.hostname);
    return { sameOrigin: sameSite, secureScheme: schemeOf(src) === 'https:' };
  }
  // Relative (anything that is neither absolute http(s) nor protocol-relative).
  return { sameOrigin: true, secureScheme: input.https };
}

/** Whether a response may be HTML: an HTML media type, or none given (as the Observatory reads it). */
export function mayBeHtml(contentType: string | null): boolean {
  const mime = (contentType ?? '').split(';', 1)[0];
  return !mime || HTML_TYPES.has(mime);
}

export function sriResult(input: SriInput): SriResult {
  if (!mayBeHtml(input.contentType)) return 'sri-not-implemented-response-not-html';
  if (!input.scripts.length) return 'sri-not-implemented-but-no-scripts-loaded';
  let result: SriResult | null = null;
  let foreign = false;
  for (const script of input.scripts) {
    if (!script.src) continue;
    const { sameOrigin, secureScheme } = classify(script.src, input);
    const integrity = Boolean(script.integrity);
    if (sameOrigin) {
      if (integrity && secureScheme && result === null) result = 'sri-implemented-and-all-scripts-loaded-securely';
      continue;
    }
    foreign = true;
    if (integrity && !secureScheme) result = laterOf('sri-implemented-but-external-scripts-not-loaded-securely', result);
    else if (!integrity && secureScheme) result = laterOf('sri-not-implemented-but-external-scripts-loaded-securely', result);
    else if (!integrity) result = laterOf('sri-not-implemented-and-external-scripts-not-loaded-securely', result);
  }
  if (result !== null) return result;
  return foreign ? 'sri-implemented-and-external-scripts-loaded-securely' : 'sri-not-implemented-but-all-scripts-loaded-from-secure-origin';
}
