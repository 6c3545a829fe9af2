import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata.js';
import type { Read } from './reads-as-one.js';
import { quoteIdentifier } from './quote-identifier.js';

/** An entity's SELECT list (the columns of the properties asked for, under their database names) and those columns, made once per entity and list. */
export interface EntityPlan {
  table: string;
  select: string;
  columns: readonly ColumnMetadata[];
}

const plans = new WeakMap<object, Map<string, EntityPlan>>();

/** `properties` undefined: every plain column of the entity. */
function planOf(m: EntityManager, target: EntityTarget<ObjectLiteral>, properties: readonly string[] | undefined): EntityPlan {
  const meta = m.connection.getMetadata(target);
  let byList = plans.get(meta);
  if (!byList) plans.set(meta, (byList = new Map()));
  const list = properties?.join(',') ?? '*';
  let plan = byList.get(list);
  if (!plan) {
    const columns = meta.columns.filter((c) => (!properties || properties.includes(c.propertyName)) && c.isSelect && !c.isVirtual && !c.relationMetadata && !c.embeddedMetadata);
    const missing = (properties ?? []).filter((p) => !columns.some((c) => c.propertyName === p));
    if (missing.length) throw new Error(`entitiesRead: ${meta.name} has no plain column for ${missing.join(', ')}`);
    plan = { table: quoteIdentifier(meta.tableName), select: columns.map((c) => quoteIdentifier(c.databaseName)).join(', '), columns };
    byList.set(list, plan);
  }
  return plan;
}

function readOf<E extends ObjectLiteral>(m: EntityManager, target: EntityTarget<E>, plan: EntityPlan, where: string, params: readonly unknown[]): Read<E[]> {
  return {
    statement: { sql: `SELECT ${plan.select} FROM ${plan.table} WHERE ${where}`, params },
    of: (rows) => (rows as Record<string, unknown>[]).map((row) => hydrated(m, target, plan, row)),
  };
}

/** The SELECT list of every plain column of `target`'s table and those columns (for a statement that returns whole rows). */
export function entityPlan(m: EntityManager, target: EntityTarget<ObjectLiteral>): EntityPlan {
  return planOf(m, target, undefined);
}

/** A row of `plan`'s SELECT list (database names) as the entity, each column as TypeORM's find hydrates it. */
export function hydrated<E extends ObjectLiteral>(m: EntityManager, target: EntityTarget<E>, plan: EntityPlan, row: Record<string, unknown>): E {
  const entity = m.connection.getMetadata(target).create() as E;
  for (const c of plan.columns) c.setEntityValue(entity, m.connection.driver.prepareHydratedValue(row[c.databaseName], c));
  return entity;
}

/**
 * A read (readsAsOne) of the `properties` of the entities of `target` whose rows match `where`
 * (a condition and its ORDER BY, parameters from $1), hydrated as TypeORM's find hydrates them
 * (each column through the driver's prepareHydratedValue: transformers, numeric and date
 * types), from one plain statement (issue 35: find builds its query through the query builder
 * on every call, most of a configuration read's CPU; the columns a reader does not use were a
 * third of the rest, timestamps parsed for nothing). For plain columns (no relation, no embedded).
 */
export function entitiesRead<E extends ObjectLiteral, P extends keyof E & string>(
  m: EntityManager,
  target: EntityTarget<E>,
  properties: readonly P[],
  where: string,
  params: readonly unknown[],
): Read<Pick<E, P>[]> {
  return readOf(m, target, planOf(m, target, properties), where, params);
}

/** entitiesRead of every plain column: whole entities, as find gives them. */
export function wholeEntitiesRead<E extends ObjectLiteral>(m: EntityManager, target: EntityTarget<E>, where: string, params: readonly unknown[]): Read<E[]> {
  return readOf(m, target, planOf(m, target, undefined), where, params);
}
