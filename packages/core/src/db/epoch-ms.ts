/**
 * SQL for a timestamptz column as epoch milliseconds (a bigint, a JSON number inside json_agg):
 * `new Date(ms)` reads it far faster than pg parses timestamp text, and truncating to the
 * millisecond gives the Date pg's own parser would.
 */
export const epochMsSql = (column: string): string => `floor(extract(epoch FROM ${column}) * 1000)::bigint`;
