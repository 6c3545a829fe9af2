/** NUL and unpaired UTF-16 surrogates: PostgreSQL stores neither in text nor in jsonb. */
// eslint-disable-next-line no-control-regex -- matching NUL is the point
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A JSON value with every string made storable in PostgreSQL: NUL bytes and unpaired
 * surrogates (which a hostile certificate's names can carry) become U+FFFD. Other values are
 * copied as JSON.stringify would write them.
 */
export function storableJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value, (_key, v: unknown) => (typeof v === 'string' ? v.replace(UNSTORABLE, '\uFFFD') : v))) as T;
}
