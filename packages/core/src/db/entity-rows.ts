import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata.js';

/** An entity's SELECT list (every column under its database name) and its columns, made once per entity. */
export interface EntityPlan {
  table: string;
  select: string;
  columns: readonly ColumnMetadata[];
}

const plans = new WeakMap<object, EntityPlan>();
const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The SELECT list of `target`'s table and the columns it reads (for a statement that returns whole rows). */
export function entityPlan(m: EntityManager, target: EntityTarget<ObjectLiteral>): EntityPlan {
  const meta = m.connection.getMetadata(target);
  let plan = plans.get(meta);
  if (!plan) {
    const columns = meta.columns.filter((c) => c.isSelect && !c.isVirtual && !c.relationMetadata && !c.embeddedMetadata);
    plan = { table: quoted(meta.tableName), select: columns.map((c) => quoted(c.databaseName)).join(', '), columns };
    plans.set(meta, plan);
  }
  return plan;
}

/**
 * The entities of `target` whose rows match `where` (a condition and its ORDER BY, parameters
 * from $1), hydrated as TypeORM's find hydrates them (each column through the driver's
 * prepareHydratedValue: transformers, numeric and date types), in one plain statement (issue 35:
 * find builds its query through the query builder on every call, most of a configuration read's
 * CPU). For entities without relations or embedded columns.
 */
export async function entitiesWhere<E extends ObjectLiteral>(m: EntityManager, target: EntityTarget<E>, where: string, params: readonly unknown[]): Promise<E[]> {
  const plan = entityPlan(m, target);
  const rows = await m.query<Record<string, unknown>[]>(`SELECT ${plan.select} FROM ${plan.table} WHERE ${where}`, [...params]);
  return rows.map((row) => hydrated(m, target, plan, row));
}

/** A row of `plan`'s SELECT list (database names) as the entity, each column as TypeORM's find hydrates it. */
export function hydrated<E extends ObjectLiteral>(m: EntityManager, target: EntityTarget<E>, plan: EntityPlan, row: Record<string, unknown>): E {
  const entity = m.connection.getMetadata(target).create() as E;
  for (const c of plan.columns) c.setEntityValue(entity, m.connection.driver.prepareHydratedValue(row[c.databaseName], c));
  return entity;
}
