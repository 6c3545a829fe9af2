import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata.js';

/** An entity's SELECT list (every column under its database name) and its columns, made once per entity. */
interface Plan {
  table: string;
  select: string;
  columns: readonly ColumnMetadata[];
}

const plans = new WeakMap<object, Plan>();
const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

function planOf(m: EntityManager, target: EntityTarget<ObjectLiteral>): Plan {
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
  const plan = planOf(m, target);
  const rows = await m.query<Record<string, unknown>[]>(`SELECT ${plan.select} FROM ${plan.table} WHERE ${where}`, [...params]);
  const meta = m.connection.getMetadata(target);
  const driver = m.connection.driver;
  return rows.map((row) => {
    const entity = meta.create() as E;
    for (const c of plan.columns) c.setEntityValue(entity, driver.prepareHydratedValue(row[c.databaseName], c));
    return entity;
  });
}
