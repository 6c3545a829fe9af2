import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { databaseUrl, withAdmin } from '@vigil/testing';
import { createDataSource } from '../data-source.js';
import { listCheckPartitions } from '../partitions/check-partitions.js';
import { MIGRATIONS } from './index.js';
import { PartitionChecks1764500000000 } from './1764500000000-partition-checks.js';

const name = `vigil_t_partmig_${randomBytes(4).toString('hex')}`;
let db: DataSource;

beforeAll(async () => {
  await withAdmin((c) => c.query(`CREATE DATABASE "${name}"`));
  const before = MIGRATIONS.slice(0, MIGRATIONS.indexOf(PartitionChecks1764500000000));
  const old = createDataSource({ url: databaseUrl(name), poolSize: 2 });
  old.setOptions({ migrations: before });
  await old.initialize();
  await old.runMigrations({ transaction: 'each' });
  await old.destroy();
  db = createDataSource({ url: databaseUrl(name), poolSize: 2 });
  await db.initialize();
});
afterAll(async () => {
  await db.destroy();
  await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
});

interface Row {
  id: string;
  monitor_id: number;
  checked_at: Date;
  status: string;
  response_time_ms: number | null;
  status_code: number | null;
  error: string | null;
  job_key: string;
}

const allChecks = async () =>
  (await db.query(`SELECT id, monitor_id, checked_at, status, response_time_ms, status_code, error, job_key FROM checks ORDER BY id`)) as Row[];

/** A monitor (of an account of its own) for the checks to belong to. */
async function insertMonitor(name: string): Promise<number> {
  const [{ id: accountId }] = (await db.query(`INSERT INTO accounts (email, tier) VALUES ($1, 'pro') RETURNING id`, [`${name}@example.test`])) as { id: number }[];
  const url = `https://${name}.example.test/`;
  const [{ id }] = (await db.query(`INSERT INTO monitors (account_id, name, url, normalized_url) VALUES ($1, $2, $3, $3) RETURNING id`, [accountId, name, url])) as {
    id: number;
  }[];
  return id;
}

const constraintsOfChecks = async () =>
  ((await db.query(`SELECT conname FROM pg_constraint WHERE conrelid = 'checks'::regclass ORDER BY conname`)) as { conname: string }[]).map((r) => r.conname);

describe('migration PartitionChecks', () => {
  it('moves every row of the unpartitioned table into daily partitions, ids and all', async () => {
    const monitorId = await insertMonitor('m');
    // Days from years back to the migration's now, some rows on the same day, one far future.
    await db.query(
      `INSERT INTO checks (monitor_id, checked_at, status, response_time_ms, status_code, error, job_key)
       SELECT $1, now() - make_interval(days => d) - make_interval(secs => n), CASE WHEN n % 3 = 0 THEN 'failure' ELSE 'success' END,
              CASE WHEN n % 3 = 0 THEN NULL ELSE n END, 200 + n % 2, CASE WHEN n % 3 = 0 THEN 'Timeout' END, 'k-' || d || '-' || n
         FROM unnest(ARRAY[0, 1, 2, 40, 400, -3650]) AS d, generate_series(1, 7) AS n`,
      [monitorId],
    );
    const before = await allChecks();
    expect(before).toHaveLength(42);

    expect((await db.runMigrations({ transaction: 'each' })).map((m) => m.name)[0]).toBe('PartitionChecks1764500000000');

    expect(await allChecks()).toEqual(before);
    const [{ kind }] = (await db.query(`SELECT relkind AS kind FROM pg_class WHERE relname = 'checks'`)) as { kind: string }[];
    expect(kind).toBe('p');
    expect(await constraintsOfChecks()).toEqual(['checks_monitor_id_fkey', 'checks_status_check']);
    const placed = (await db.query(`SELECT tableoid::regclass::text AS part, count(*)::int AS n FROM checks GROUP BY 1`)) as { part: string; n: number }[];
    expect(placed.every((p) => /^checks_p\d{8}$/.test(p.part))).toBe(true);
    const partitions = await listCheckPartitions(db);
    expect(partitions).toContain('checks_default');
    // A week ahead of the migration's now is ready.
    const [{ ahead }] = (await db.query(`SELECT to_char(now() + interval '7 days', '"checks_p"YYYYMMDD') AS ahead`)) as { ahead: string }[];
    expect(partitions).toContain(ahead);

    // The id sequence goes on after the moved rows; the unique key still holds.
    const [{ id: nextId }] = (await db.query(
      `INSERT INTO checks (monitor_id, checked_at, status, job_key) VALUES ($1, now(), 'success', 'after') RETURNING id`,
      [monitorId],
    )) as { id: string }[];
    expect(BigInt(nextId)).toBeGreaterThan(BigInt(before[before.length - 1].id));
    await expect(
      db.query(`INSERT INTO checks (monitor_id, checked_at, status, job_key) SELECT monitor_id, checked_at, status, job_key FROM checks WHERE id = $1`, [before[0].id]),
    ).rejects.toThrow(/duplicate key/);
    // Deleting the monitor still cascades to its checks in every partition.
    await db.query(`DELETE FROM monitors WHERE id = $1`, [monitorId]);
    expect(await allChecks()).toEqual([]);
  });

  it('reverts to one table with the old keys', async () => {
    const monitorId = await insertMonitor('r');
    await db.query(
      `INSERT INTO checks (monitor_id, checked_at, status, job_key) SELECT $1, now() - make_interval(days => d), 'success', 'r-' || d FROM generate_series(0, 5) d`,
      [monitorId],
    );
    const before = await allChecks();
    // Undo the later migrations, then this one.
    for (let i = MIGRATIONS.indexOf(PartitionChecks1764500000000); i < MIGRATIONS.length; i++) await db.undoLastMigration({ transaction: 'each' });
    expect(await allChecks()).toEqual(before);
    const [{ kind }] = (await db.query(`SELECT relkind AS kind FROM pg_class WHERE relname = 'checks'`)) as { kind: string }[];
    expect(kind).toBe('r');
    expect(await constraintsOfChecks()).toEqual(['checks_monitor_id_fkey', 'checks_pkey', 'checks_status_check']);
    await db.runMigrations({ transaction: 'each' });
    expect(await allChecks()).toEqual(before);
  });
});
