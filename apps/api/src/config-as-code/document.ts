import { ValidationError } from '@vigil/core';

/** The kinds of object a document declares, in the order their lists are written and created. */
export const KINDS = ['domain', 'monitor', 'integration', 'maintenance_window', 'status_page'] as const;
export type Kind = (typeof KINDS)[number];

/** The document's top-level list of each kind. */
export const LIST_OF = {
  domain: 'domains',
  monitor: 'monitors',
  integration: 'integrations',
  maintenance_window: 'maintenance_windows',
  status_page: 'status_pages',
} as const satisfies Record<Kind, string>;
export type ListName = (typeof LIST_OF)[Kind];

/** One object's fields as the create body names them (references to other objects by key). */
export type Spec = Record<string, unknown>;

/** One entry of a list: its stable key, its position (for error paths) and its fields. */
export interface Entry {
  key: string;
  path: string;
  fields: Record<string, unknown>;
}

export type ParsedDocument = Record<Kind, Entry[]>;

/** Entries per list: a bound on the work one request makes (1,000 monitors is the benchmark). */
export const MAX_ENTRIES_PER_LIST = 5_000;
export const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
export const KEY_RULE = "must be 1 to 100 letters, digits, '.', '_' or '-', starting with a letter or digit";

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A 400 whose `path` names where in the document the error is. */
export function documentError(message: string, path: string): ValidationError {
  return new ValidationError(message, { path });
}

/**
 * The document's shape: an object of the five lists (each optional), every entry an object with
 * a unique `key`. The entries' own fields are checked by their kind (kinds/).
 */
export function parseDocument(body: unknown): ParsedDocument {
  if (!isObject(body)) throw documentError('Invalid document: must be a JSON object of lists (monitors, domains, ...)', '');
  const lists = Object.values(LIST_OF) as string[];
  const unknown = Object.keys(body).find((k) => !lists.includes(k));
  if (unknown !== undefined) throw documentError(`Invalid document: unknown list ${unknown} (the lists are ${lists.join(', ')})`, unknown);
  const parsed = {} as ParsedDocument;
  for (const kind of KINDS) parsed[kind] = parseList(body[LIST_OF[kind]], LIST_OF[kind]);
  return parsed;
}

function parseList(raw: unknown, list: string): Entry[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw documentError(`Invalid ${list}: must be a list`, list);
  if (raw.length > MAX_ENTRIES_PER_LIST) throw documentError(`Invalid ${list}: at most ${MAX_ENTRIES_PER_LIST} entries`, list);
  const seen = new Set<string>();
  return raw.map((item: unknown, i) => {
    const path = `${list}[${i}]`;
    if (!isObject(item)) throw documentError('Invalid request body: must be a JSON object', path);
    const { key, ...fields } = item;
    if (typeof key !== 'string' || !KEY_PATTERN.test(key)) throw documentError(`Invalid key: ${KEY_RULE}`, `${path}.key`);
    if (seen.has(key)) throw documentError(`Invalid key: "${key}" is used twice in ${list}`, `${path}.key`);
    seen.add(key);
    return { key, path, fields };
  });
}
