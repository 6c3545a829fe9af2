import type { ManagedRowRecord } from '@vigil/core';
import { KINDS, type Kind } from './document.js';

/** An object apply created or took over, under the key the document names it by. */
export interface ManagedRow {
  kind: Kind;
  key: string;
  resourceId: number;
}

const isKind = (k: string): k is Kind => (KINDS as readonly string[]).includes(k);

/** The stored rows of the kinds this API knows. */
export function knownManaged(rows: readonly ManagedRowRecord[]): ManagedRow[] {
  return rows.flatMap((r) => (isKind(r.kind) ? [{ kind: r.kind, key: r.key, resourceId: r.resourceId }] : []));
}

/** Whether `rows` are exactly the stored ones (an apply that changed no key or object then leaves them as they are). */
export function sameManagedRows(stored: readonly ManagedRowRecord[], rows: readonly ManagedRowRecord[]): boolean {
  if (stored.length !== rows.length) return false;
  const id = (r: ManagedRowRecord) => `${r.kind}\n${r.key}\n${r.resourceId}`;
  const had = new Set(stored.map(id));
  return had.size === rows.length && rows.every((r) => had.has(id(r)));
}
