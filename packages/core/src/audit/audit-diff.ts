import { MASK } from '../security/mask.js';

/** One field's value before and after a change (null: the field did not exist on that side). */
export interface FieldChange {
  before: unknown;
  after: unknown;
}

/** A resource's fields at one moment, by their column (answer) names. */
export type Snapshot = Record<string, unknown>;

/**
 * Field names whose values are secrets, at any depth (a monitor's `Authorization` header, an
 * integration's sealed `secrets`, a key's `key_hash`, a badge or ping token): shown as MASK,
 * the mask integration answers use, so a diff tells that a secret changed, never what it is.
 */
const SECRET_NAME = /secret|token|password|passwd|credential|hash|authorization|cookie|private/i;

/**
 * Tenant text is bounded in an entry: long strings cut, long lists and objects cut, deep
 * nesting cut, and at most MAX_NODES values per field (past that, '…').
 */
export const MAX_STRING = 500;
const MAX_ITEMS = 100;
const MAX_DEPTH = 6;
const MAX_NODES = 2_000;

function bounded(value: unknown, depth: number, budget: { nodes: number }): unknown {
  if (value === null || value === undefined) return null;
  if (--budget.nodes < 0) return '…';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}… (${value.length - MAX_STRING} more characters)` : value;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return value.toString();
  if (depth >= MAX_DEPTH) return '…';
  if (Array.isArray(value)) return value.slice(0, MAX_ITEMS).map((v) => bounded(v, depth + 1, budget));
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .slice(0, MAX_ITEMS)
        .map(([k, v]) => [k, SECRET_NAME.test(k) ? masked(v) : bounded(v, depth + 1, budget)]),
    );
  }
  return null;
}

/** Whether an entry masks a field of this name (SECRET_NAME). */
export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name);
}

function masked(value: unknown): unknown {
  return value === null || value === undefined ? null : MASK;
}

/** A field's value as an entry shows it: bounded, its secrets (or itself, by its name) masked. */
function shown(name: string, value: unknown): unknown {
  return SECRET_NAME.test(name) ? masked(value) : bounded(value, 0, { nodes: MAX_NODES });
}

/** Compared on the raw values, so a changed secret is a change even though both sides show MASK. */
function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(normal(a)) === JSON.stringify(normal(b));
}

function normal(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  return value;
}

/**
 * The fields that differ between two snapshots, each {before, after}; a create has every field
 * of `after` (before null), a delete every field of `before`. Secrets masked, tenant text bounded.
 */
export function fieldDiff(before: Snapshot | null, after: Snapshot | null): Record<string, FieldChange> {
  const names = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const diff: Record<string, FieldChange> = {};
  for (const name of names) {
    const was = before ? before[name] : undefined;
    const now = after ? after[name] : undefined;
    if (before && after && same(was, now)) continue;
    if (!before && (now === null || now === undefined)) continue;
    if (!after && (was === null || was === undefined)) continue;
    diff[name] = { before: shown(name, was), after: shown(name, now) };
  }
  return diff;
}
