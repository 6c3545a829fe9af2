import type { DataSource } from 'typeorm';

/** Data sources behind a transaction pooler (PgBouncer in transaction mode): no named prepared statements there. */
const transactionPooled = new WeakSet<DataSource>();

/** Marks `db` as reaching PostgreSQL through a transaction pooler (createDataSource's transactionPooling). */
export function markTransactionPooled(db: DataSource): void {
  transactionPooled.add(db);
}

/** Whether `db` was created with transactionPooling: no named prepared statements there. */
export function isTransactionPooled(db: DataSource): boolean {
  return transactionPooled.has(db);
}
