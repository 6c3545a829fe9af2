import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { ENTITIES } from './entities/index.js';
import { MIGRATIONS } from './migrations/index.js';

export interface DataSourceOptions {
  url: string;
  poolSize?: number;
  applicationName?: string;
}

export function createDataSource(opts: DataSourceOptions): DataSource {
  return new DataSource({
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
      connectionTimeoutMillis: 10_000,
    },
  });
}
