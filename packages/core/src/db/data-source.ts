import 'reflect-metadata';
import type { DataSource } from 'typeorm';
import { VigilDataSource } from './direct-query.js';
import { ENTITIES } from './entities/index.js';
import { MIGRATIONS } from './migrations/index.js';
import { markTransactionPooled } from './transaction-pooled.js';

export { isTransactionPooled } from './transaction-pooled.js';

export interface DataSourceOptions {
  url: string;
  poolSize?: number;
  applicationName?: string;
  /** Server-side statement_timeout of every connection (0: none). */
  statementTimeoutMs?: number;
  /** Opening a connection or waiting for a free one. */
  connectTimeoutMs?: number;
  /**
   * The URL leads to a pooler in transaction pooling mode (PgBouncer): each transaction may
   * run on another server connection, so nothing may rely on the session. statement_timeout and
   * `options` (jit off) are then not sent as startup parameters (PgBouncer refuses the
   * connection: "unsupported startup parameter"); set them on the role or database instead. The
   * client-side timeout stays.
   */
  transactionPooling?: boolean;
}

/** How long past the statement timeout the client waits before giving up on a silent server. */
const CLIENT_GRACE_MS = 2_000;

export function createDataSource(opts: DataSourceOptions): DataSource {
  const statementTimeoutMs = opts.statementTimeoutMs ?? 15_000;
  const timeouts = opts.transactionPooling
    ? { query_timeout: statementTimeoutMs + CLIENT_GRACE_MS }
    : { statement_timeout: statementTimeoutMs, query_timeout: statementTimeoutMs + CLIENT_GRACE_MS };
  // PostgreSQL's JIT compiles a statement whose estimated cost passes jit_above_cost: tens of ms
  // on every run of a statement that needs 2 (an SLA report over a flapping monitor's incidents,
  // whose skewed statistics inflate the estimate), and slower over the longest scans measured too.
  const session = opts.transactionPooling ? {} : { options: '-c jit=off' };
  const db = new VigilDataSource({
    type: 'postgres',
    url: opts.url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: false,
    extra: {
      max: opts.poolSize ?? 20,
      application_name: opts.applicationName ?? 'vigil',
      connectionTimeoutMillis: opts.connectTimeoutMs ?? 5_000,
      // The server cancels a runaway statement; the client stops waiting on a server that went
      // silent (frozen, or gone without a FIN), which statement_timeout cannot catch.
      ...(statementTimeoutMs > 0 ? timeouts : {}),
      ...session,
      // Dead peers are found by the kernel, not only when a query times out.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    },
  });
  if (opts.transactionPooling) markTransactionPooled(db);
  return db;
}
