import type { JSONValue } from 'json-p3';
import { JSON_BOUNDS } from '../../security/evaluation-bounds.js';
import { countedDocument } from './json-steps.js';

/** A body parsed for json_path conditions, or why it is not evaluated. */
export type ParsedBody = { ok: true; value: JSONValue } | { ok: false; why: string };

/**
 * The body (already bounded to the read bound) parsed as JSON and measured: a document with
 * more than JSON_BOUNDS.maxValues values or nested deeper than JSON_BOUNDS.maxDepth is not
 * evaluated, so a JSONPath (whose descendant and filter segments visit every value, nested
 * queries once per value) works on a bounded tree. The count stops at the first excess: the
 * walk costs at most maxValues steps. The document is returned behind json-steps.ts's counting
 * proxies, so each query's reads are counted too.
 */
export function parseBoundedJson(text: string): ParsedBody {
  let value: JSONValue;
  try {
    value = JSON.parse(text) as JSONValue;
  } catch {
    return { ok: false, why: 'body is not JSON' };
  }
  const problem = measure(value);
  return problem === null ? { ok: true, value: countedDocument(value) } : { ok: false, why: problem };
}

function measure(root: JSONValue): string | null {
  const stack: { value: JSONValue; depth: number }[] = [{ value: root, depth: 1 }];
  let values = 0;
  while (stack.length) {
    const { value, depth } = stack.pop() ?? { value: null, depth: 0 };
    if (++values > JSON_BOUNDS.maxValues) return `body is not evaluated as JSON: it has more than ${JSON_BOUNDS.maxValues} values`;
    if (value === null || typeof value !== 'object') continue;
    if (depth > JSON_BOUNDS.maxDepth) return `body is not evaluated as JSON: it is nested deeper than ${JSON_BOUNDS.maxDepth} levels`;
    for (const child of Array.isArray(value) ? value : Object.values(value)) stack.push({ value: child, depth: depth + 1 });
  }
  return null;
}
