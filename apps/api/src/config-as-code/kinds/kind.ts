import type Joi from 'joi';
import type { EntityManager } from 'typeorm';
import type { Account, Context, Read } from '@vigil/core';
import { atPath } from '../error-path.js';
import type { Kind, Spec } from '../document.js';

/** What runs once the apply's transaction has committed (schedules in Redis, caches). */
export type AfterCommit = () => Promise<void>;

/** An object of the account as it stands: its id and its fields as a create body would give them (references by id). */
export interface Current {
  id: number;
  spec: Spec;
}

/** An object to create: its full spec (references by id) and where its entry is in the document. */
export interface Creation {
  spec: Spec;
  path: string;
}

/** An object to update to `spec`. */
export interface Change extends Creation {
  current: Current;
}

/** Maps each reference of a spec (`kind` of the object referred to, `field` the create body's field). */
export type RefMapper = (kind: Kind, ref: unknown, field: string) => unknown;

/**
 * One kind of object a document declares. Checks reuse the resource's own create schema and
 * rules (same messages); writes happen in the caller's transaction and return what must wait
 * for its commit.
 */
export interface KindAdapter {
  kind: Kind;
  /** The resource's create body schema: the document's entry schema and its JSON Schema come from it. */
  schema: Joi.ObjectSchema;
  /** The field names whose values name other objects (by id in the API, by key in a document). */
  refFields: readonly string[];
  /** The spec with every reference replaced by `map`; values that are not references are left as they are. */
  mapRefs(spec: Spec, map: RefMapper): Spec;
  /**
   * A document entry (references already replaced by stand-in ids) checked as the create
   * endpoint checks a body, into the full spec with defaults. `current`: the object it updates,
   * whose masked secrets an entry may echo to mean "unchanged".
   */
  desired(ctx: Context, account: Account, fields: Record<string, unknown>, current: Current | undefined): Promise<Spec>;
  /** A read (readsAsOne: every kind's in one round trip) of the account's objects of this kind, ordered by id. */
  read(ctx: Context, em: EntityManager, accountId: number): Read<Current[]>;
  /** The spec as answers and exports show it: secrets masked. */
  masked(spec: Spec): Spec;
  /** Creates the entries in order; an error is raised at the path of the entry at fault. Returns their ids, in the same order. */
  create(ctx: Context, em: EntityManager, account: Account, entries: readonly Creation[]): Promise<{ ids: number[]; after: AfterCommit[] }>;
  update(ctx: Context, em: EntityManager, account: Account, entries: readonly Change[]): Promise<AfterCommit[]>;
  remove(ctx: Context, em: EntityManager, account: Account, objects: readonly Current[]): Promise<AfterCommit[]>;
}

/** Maps a list of ids/keys (anything else is left for validation to refuse). */
export function mapList(value: unknown, kind: Kind, field: string, map: RefMapper): unknown {
  return Array.isArray(value) ? value.map((v: unknown) => map(kind, v, field)) : value;
}

type Write<I, O> = (ctx: Context, em: EntityManager, account: Account, item: I) => Promise<O>;

/**
 * The batch writes of a kind whose objects are written one at a time (an account has a few of
 * them): each entry's error at its path.
 */
export function oneByOne(write: {
  create: Write<Spec, { id: number; after: AfterCommit[] }>;
  update: Write<{ current: Current; spec: Spec }, AfterCommit[]>;
  remove: Write<Current, AfterCommit[]>;
}): Pick<KindAdapter, 'create' | 'update' | 'remove'> {
  return {
    async create(ctx, em, account, entries) {
      const ids: number[] = [];
      const after: AfterCommit[] = [];
      for (const e of entries) {
        const created = await atPath(e.path, () => write.create(ctx, em, account, e.spec));
        ids.push(created.id);
        after.push(...created.after);
      }
      return { ids, after };
    },
    async update(ctx, em, account, entries) {
      const after: AfterCommit[] = [];
      for (const e of entries) after.push(...(await atPath(e.path, () => write.update(ctx, em, account, e))));
      return after;
    },
    async remove(ctx, em, account, objects) {
      const after: AfterCommit[] = [];
      for (const o of objects) after.push(...(await write.remove(ctx, em, account, o)));
      return after;
    },
  };
}
