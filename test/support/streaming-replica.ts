import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { appendFile, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/** The newest PostgreSQL server binaries installed the Debian way, or why there are none. */
export function postgresBinaries(root = '/usr/lib/postgresql'): { dir: string } | { missing: string } {
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const needed = ['initdb', 'pg_ctl', 'pg_basebackup', 'postgres'];
  for (const v of versions) {
    const dir = path.join(root, v, 'bin');
    if (needed.every((b) => existsSync(path.join(dir, b)))) return { dir };
  }
  return { missing: `no PostgreSQL server binaries (${needed.join(', ')}) under ${root}/*/bin` };
}

export interface StreamingReplica {
  /** URL of `database` on the primary / on the hot standby streaming from it. */
  primaryUrl(database: string): string;
  replicaUrl(database: string): string;
  /** Creates `database` on the primary and waits until the standby has it too. */
  createDatabase(database: string): Promise<void>;
  /** Stops applying WAL on the standby: from now on it lags behind every write. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  /** Resolves once the standby has applied everything the primary had written when called. */
  caughtUp(timeoutMs?: number): Promise<void>;
  /** Stops the primary (`pg_ctl stop -m fast`: its sessions are ended, as in a planned switchover or a lost host). */
  stopPrimary(): Promise<void>;
  /** `pg_ctl promote` of the standby, waiting until it accepts writes. */
  promoteReplica(): Promise<void>;
  /** Stops both servers and removes their data directories. */
  stop(): Promise<void>;
}

/**
 * A throwaway primary (initdb, port `primaryPort`) and a hot standby made from it with
 * `pg_basebackup -R` (streaming replication over loopback, port `replicaPort`), both under
 * /tmp/vigil-replica-<primaryPort>, trust authentication on 127.0.0.1 only. PostgreSQL refuses
 * to run as root: as root, the servers run as the `postgres` user. A directory left by an
 * earlier, killed run is stopped and removed first.
 */
export async function startStreamingReplica(binDir: string, primaryPort: number, replicaPort: number): Promise<StreamingReplica> {
  const base = `/tmp/vigil-replica-${primaryPort}`;
  const primaryDir = path.join(base, 'primary');
  const replicaDir = path.join(base, 'replica');
  const asRoot = process.getuid?.() === 0;
  const bin = (name: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(binDir, name), ...args]) : run(path.join(binDir, name), args);
  const stopServer = (dir: string) => bin('pg_ctl', ['stop', '-D', dir, '-m', 'immediate', '-w']).catch(() => undefined);
  const removeAll = async () => {
    for (const dir of [replicaDir, primaryDir]) if (existsSync(path.join(dir, 'postmaster.pid'))) await stopServer(dir);
    await rm(base, { recursive: true, force: true });
  };
  const url = (port: number, database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const query = async <T>(port: number, sql: string, params: unknown[] = []): Promise<T[]> => {
    const client = new pg.Client({ connectionString: url(port, 'postgres') });
    await client.connect();
    try {
      return (await client.query(sql, params)).rows as T[];
    } finally {
      await client.end();
    }
  };

  await removeAll();
  try {
    await mkdir(base, { recursive: true });
    if (asRoot) await run('chown', ['postgres', base]);
    await bin('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '-N', '-E', 'UTF8', '--locale=C']);
    const server = (port: number, dir: string) =>
      [
        `port = ${port}`,
        `listen_addresses = '127.0.0.1'`,
        `unix_socket_directories = '${dir}'`,
        'max_connections = 60',
        'shared_buffers = 32MB',
        'fsync = off',
        'max_wal_senders = 4',
        'hot_standby = on',
        '',
      ].join('\n');
    await appendFile(path.join(primaryDir, 'postgresql.conf'), server(primaryPort, primaryDir));
    await writeFile(
      path.join(primaryDir, 'pg_hba.conf'),
      ['host all all 127.0.0.1/32 trust', 'host replication all 127.0.0.1/32 trust', 'local all all trust', 'local replication all trust', ''].join('\n'),
    );
    await bin('pg_ctl', ['start', '-D', primaryDir, '-w', '-l', path.join(base, 'primary.log')]);
    await bin('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', replicaDir, '-R', '-X', 'stream', '-c', 'fast', '-N']);
    // The copied configuration names the primary's port: later lines win.
    await appendFile(path.join(replicaDir, 'postgresql.conf'), server(replicaPort, replicaDir));
    await bin('pg_ctl', ['start', '-D', replicaDir, '-w', '-l', path.join(base, 'replica.log')]);
  } catch (e) {
    await removeAll();
    throw e;
  }

  const replica: StreamingReplica = {
    primaryUrl: (database) => url(primaryPort, database),
    replicaUrl: (database) => url(replicaPort, database),
    createDatabase: async (database) => {
      await query(primaryPort, `CREATE DATABASE "${database.replace(/"/g, '')}"`);
      await replica.caughtUp();
    },
    pauseReplay: async () => {
      await query(replicaPort, 'SELECT pg_wal_replay_pause()');
    },
    resumeReplay: async () => {
      await query(replicaPort, 'SELECT pg_wal_replay_resume()');
    },
    caughtUp: async (timeoutMs = 10_000) => {
      const [{ lsn }] = await query<{ lsn: string }>(primaryPort, 'SELECT pg_current_wal_lsn()::text AS lsn');
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const [{ behind }] = await query<{ behind: boolean }>(replicaPort, 'SELECT pg_last_wal_replay_lsn() < $1::pg_lsn AS behind', [lsn]);
        if (!behind) return;
        if (Date.now() > deadline) throw new Error(`standby on port ${replicaPort} did not replay up to ${lsn} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    stopPrimary: async () => {
      await bin('pg_ctl', ['stop', '-D', primaryDir, '-m', 'fast', '-w']);
    },
    promoteReplica: async () => {
      await bin('pg_ctl', ['promote', '-D', replicaDir, '-w']);
    },
    stop: removeAll,
  };
  return replica;
}
