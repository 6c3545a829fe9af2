import type Joi from 'joi';
import type { EntityManager } from 'typeorm';
import type { Account, Context } from '@vigil/core';
import type { Kind, Spec } from '../document.js';

/** What runs once the apply's transaction has committed (schedules in Redis, caches). */
export type AfterCommit = () => Promise<void>;

/** An object of the account as it stands: its id and its fields as a create body would give them (references by id). */
export interface Current {
  id: number;
  spec: Spec;
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
  /** The account's objects of this kind, ordered by id. */
  load(ctx: Context, em: EntityManager, accountId: number): Promise<Current[]>;
  /** The spec as answers and exports show it: secrets masked. */
  masked(spec: Spec): Spec;
  create(ctx: Context, em: EntityManager, account: Account, spec: Spec): Promise<{ id: number; after: AfterCommit[] }>;
  update(ctx: Context, em: EntityManager, account: Account, current: Current, spec: Spec): Promise<AfterCommit[]>;
  remove(ctx: Context, em: EntityManager, account: Account, current: Current): Promise<AfterCommit[]>;
}

/** Maps a list of ids/keys (anything else is left for validation to refuse). */
export function mapList(value: unknown, kind: Kind, field: string, map: RefMapper): unknown {
  return Array.isArray(value) ? value.map((v: unknown) => map(kind, v, field)) : value;
}
