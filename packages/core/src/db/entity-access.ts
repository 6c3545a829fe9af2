import type { EntityManager } from 'typeorm';

/**
 * What a store function that works through an entity's repository takes: a DataSource, or an
 * EntityManager inside a transaction (the caller keeps its transaction boundaries).
 */
export type EntityAccess = Pick<EntityManager, 'getRepository'>;

/** The slice of a list a page shows: rows skipped, and at most how many. */
export interface PageSlice {
  offset: number;
  perPage: number;
}
