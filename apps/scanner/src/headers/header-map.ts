/**
 * A response's headers as the grader sees them: lowercase names, every occurrence kept in
 * order. Input can be Node's flat `rawHeaders` list, a list of [name, value] pairs, or a
 * record whose array values stand for repeated headers.
 */
export type HeaderMap = ReadonlyMap<string, readonly string[]>;

export type HeaderInput =
  | HeaderMap
  | Readonly<Record<string, string | readonly string[] | number | undefined>>
  | readonly (readonly [string, string])[];

export function toHeaderMap(input: HeaderInput): HeaderMap {
  if (input instanceof Map) {
    const out = new Map<string, string[]>();
    for (const [name, values] of input as HeaderMap) for (const v of values) add(out, name, v);
    return out;
  }
  if (Array.isArray(input)) {
    const out = new Map<string, string[]>();
    for (const [name, value] of input as readonly (readonly [string, string])[]) add(out, name, value);
    return out;
  }
  const out = new Map<string, string[]>();
  for (const [name, value] of Object.entries(input as Record<string, string | readonly string[] | number | undefined>)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value as readonly string[]) add(out, name, v);
    else add(out, name, String(value));
  }
  return out;
}

/** Node's `IncomingMessage.rawHeaders`: [name, value, name, value, ...]. */
export function fromRawHeaders(raw: readonly string[]): HeaderMap {
  const pairs: [string, string][] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) pairs.push([raw[i], raw[i + 1]]);
  return toHeaderMap(pairs);
}

function add(map: Map<string, string[]>, name: string, value: string): void {
  const key = name.trim().toLowerCase();
  if (!key) return;
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Every occurrence of a header (case-insensitive name), in order. */
export function headerValues(headers: HeaderMap, name: string): readonly string[] {
  return headers.get(name.toLowerCase()) ?? [];
}

export function hasHeader(headers: HeaderMap, name: string): boolean {
  return headerValues(headers, name).length > 0;
}

/** All occurrences joined with ", " (the HTTP list combination), or null when absent. */
export function joinedHeader(headers: HeaderMap, name: string): string | null {
  const values = headerValues(headers, name);
  return values.length ? values.join(', ') : null;
}

/**
 * The report's `rawHeaders`: lowercase name to value. Repeated headers are joined with ", "
 * as HTTP combines them, except `set-cookie`, which is always an array (one cookie per item,
 * since cookie values may themselves contain commas).
 */
export function rawHeadersObject(headers: HeaderMap): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, values] of headers) out[name] = name === 'set-cookie' ? [...values] : values.join(', ');
  return out;
}

/** Splits a header value on commas into trimmed, non-empty items. */
export function splitList(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
