import { managedRowsOf, type Queryable } from '@vigil/core';
import { KINDS, type Kind } from './document.js';

/** An object apply created or took over, under the key the document names it by. */
export interface ManagedRow {
  kind: Kind;
  key: string;
  resourceId: number;
}

const isKind = (k: string): k is Kind => (KINDS as readonly string[]).includes(k);

export async function loadManaged(em: Queryable, accountId: number): Promise<ManagedRow[]> {
  const rows = await managedRowsOf(em, accountId);
  return rows.flatMap((r) => (isKind(r.kind) ? [{ kind: r.kind, key: r.key, resourceId: r.resourceId }] : []));
}
