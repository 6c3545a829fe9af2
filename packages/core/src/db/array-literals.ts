/**
 * PostgreSQL array literals for array parameters (`$1::int[]`, `$2::text[]`, `$3::jsonb[]`),
 * built the way pg builds them from a JavaScript array, with less work: pg quotes every element
 * and runs two regular expressions over each to escape it, which was about an eighth of the
 * check writer's CPU in its own process (docs/benchmarks.md, 2026-11-27; the writer sends some
 * 20,000 array elements per batch). Null elements are NULL.
 */

/** Numbers: written as pg writes them (String), unquoted: a number holds no quote or backslash. */
export function numberArrayLiteral(values: readonly (number | null)[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    out += (i ? ',' : '') + (v === null ? 'NULL' : String(v));
  }
  return `${out}}`;
}

const NEEDS_ESCAPE = /[\\"]/;

/** Strings, quoted; backslashes and double quotes escaped only in the strings that have any. */
export function textArrayLiteral(values: readonly (string | null)[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    const element = v === null ? 'NULL' : `"${NEEDS_ESCAPE.test(v) ? v.replace(/\\/g, '\\\\').replace(/"/g, '\\"') : v}"`;
    out += (i ? ',' : '') + element;
  }
  return `${out}}`;
}
