/** JSON with every object's keys sorted: equal values give equal text (comparisons, fingerprints). */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) out += (i ? ',' : '') + canonicalJson(value[i] ?? null);
    return `${out}]`;
  }
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  // Loops, not entries/filter/map: a fingerprint writes every object of an account each request.
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).sort();
  let out = '{';
  let first = true;
  for (const k of keys) {
    const v = record[k];
    if (v === undefined) continue;
    out += `${first ? '' : ','}${JSON.stringify(k)}:${canonicalJson(v)}`;
    first = false;
  }
  return `${out}}`;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);

/** The fields of a record canonicalJson writes (those not undefined). */
function definedKeys(record: Record<string, unknown>): string[] {
  return Object.keys(record).filter((k) => record[k] !== undefined);
}

/**
 * Whether canonicalJson(a) === canonicalJson(b), compared in place: a plan compares every field
 * of every entry, and writing both sides out was most of its diff.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((v: unknown, i) => sameJson(v ?? null, b[i] ?? null));
  }
  if (isRecord(a) && isRecord(b)) {
    const keys = definedKeys(a);
    return keys.length === definedKeys(b).length && keys.every((k) => Object.hasOwn(b, k) && b[k] !== undefined && sameJson(a[k], b[k]));
  }
  if (isRecord(a) || isRecord(b)) return false;
  return canonicalJson(a) === canonicalJson(b);
}
