import { createHmac } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { managedRowsRead, readsAsOne, type Context, type ManagedRowRecord, type Read } from '@vigil/core';
import { canonicalJson } from './canonical-json.js';
import { KINDS, type Kind, type Spec } from './document.js';
import { KIND_ADAPTERS, type Current } from './kinds/index.js';
import { knownManaged } from './managed-store.js';

/** An object of the account with the key a document names it by. */
export interface KeyedObject extends Current {
  key: string;
  /** Created or taken over by an apply (prune may delete it). */
  managed: boolean;
}

export interface KindState {
  objects: KeyedObject[];
  byKey: Map<string, KeyedObject>;
  keyOfId: Map<number, string>;
}

export interface AccountState {
  kinds: Record<Kind, KindState>;
  /** Changes whenever any object a document can declare, or its key, changes. */
  fingerprint: string;
  /** The managed rows as stored (all kinds): an apply rewrites them only when they change. */
  stored: readonly ManagedRowRecord[];
}

/**
 * The key an export gives an object no apply manages (`monitor-42`, `status-page-3`): an entry
 * with that key takes the object over instead of creating another (docs/config-as-code.md).
 */
export function exportKey(kind: Kind, id: number): string {
  return `${kind.replace('_', '-')}-${id}`;
}

/**
 * Every declarable object of the account, keyed (read in the caller's transaction when it
 * applies): the managed rows and every kind's objects in one round trip (readsAsOne). `first`:
 * a statement sent ahead of them in the same round trip (an apply's locks), whose answer may
 * refuse (throw) before any state is made of the rest.
 */
export async function loadAccountState(ctx: Context, em: EntityManager, accountId: number, first?: Read<void>): Promise<AccountState> {
  const reads: [Read<ManagedRowRecord[]>, ...Read<Current[]>[]] = [managedRowsRead(accountId), ...KINDS.map((kind) => KIND_ADAPTERS[kind].read(ctx, em, accountId))];
  const [stored, ...loaded] = first ? await readsAsOne(em, [first, ...reads]).then(([, ...rest]) => rest) : await readsAsOne(em, reads);
  const managed = knownManaged(stored);
  const kinds = {} as Record<Kind, KindState>;
  for (const [k, kind] of KINDS.entries()) {
    const keys = new Map(managed.filter((m) => m.kind === kind).map((m) => [m.resourceId, m.key]));
    const objects = loaded[k].map((o) => ({
      ...o,
      key: keys.get(o.id) ?? exportKey(kind, o.id),
      managed: keys.has(o.id),
    }));
    const byKey = new Map<string, KeyedObject>();
    // A managed key wins over an export key that happens to read the same.
    for (const o of [...objects.filter((x) => !x.managed), ...objects.filter((x) => x.managed)]) byKey.set(o.key, o);
    kinds[kind] = { objects, byKey, keyOfId: new Map(objects.map((o) => [o.id, o.key])) };
  }
  // Worked out when first read (a plan or an apply): an export never reads it, and the canonical
  // text of every object was a tenth of an export's CPU.
  let fingerprint: string | undefined;
  return {
    kinds,
    stored,
    get fingerprint() {
      return (fingerprint ??= fingerprintOf(ctx, kinds));
    },
  };
}

function fingerprintOf(ctx: Context, kinds: Record<Kind, KindState>): string {
  const summary = KINDS.map((k) => kinds[k].objects.map((o) => [o.id, o.managed ? o.key : null, o.spec]));
  // Keyed: the specs hold secrets in the clear, the fingerprint is shown.
  return createHmac('sha256', ctx.config.secretKey).update(canonicalJson(summary)).digest('base64url');
}

/** An object's spec with its references as keys (a reference to nothing the account has reads `#<id>`). */
export function keyedSpec(state: AccountState, kind: Kind, spec: Spec): Spec {
  return KIND_ADAPTERS[kind].mapRefs(spec, (refKind, id) => state.kinds[refKind].keyOfId.get(Number(id)) ?? `#${String(id)}`);
}
