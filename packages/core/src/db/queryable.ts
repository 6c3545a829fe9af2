import type { EntityManager } from 'typeorm';

/** What a store statement runs on: a DataSource, or an EntityManager inside a transaction. */
export type Queryable = Pick<EntityManager, 'query'>;

/** TypeORM's answer to an UPDATE or DELETE on PostgreSQL: [returned rows, rows affected]. */
export type WriteResult<Row = unknown> = [Row[], number];
