import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, mkdir, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';

export interface PgBouncer {
  port: number;
  /** `url` (a PostgreSQL URL) with its host and port replaced by PgBouncer's. */
  through(url: string): string;
  /** Stops PgBouncer and removes its directory. */
  stop(): Promise<void>;
}

/** Debian's pgbouncer binary, or why there is none (`apt-get install pgbouncer`). */
export function pgbouncerBinary(candidates = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer']): { bin: string } | { missing: string } {
  const bin = candidates.find((c) => existsSync(c));
  return bin ? { bin } : { missing: `no pgbouncer binary (${candidates.join(', ')}); apt-get install pgbouncer` };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * PgBouncer on 127.0.0.1:`port` in transaction pooling mode in front of the PostgreSQL server
 * at `serverPort` (every database, `poolSize` server connections per database and user), trust
 * authentication, its files under /tmp/vigil-pgbouncer-<port>. As root it runs as the
 * `postgres` user (pgbouncer refuses root). Resolves once it accepts connections.
 */
export async function startPgBouncer(bin: string, port: number, serverPort: number, opts: { poolSize?: number } = {}): Promise<PgBouncer> {
  const dir = `/tmp/vigil-pgbouncer-${port}`;
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const ini = path.join(dir, 'pgbouncer.ini');
  await writeFile(path.join(dir, 'userlist.txt'), '"postgres" ""\n');
  await writeFile(
    ini,
    [
      '[databases]',
      `* = host=127.0.0.1 port=${serverPort}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'userlist.txt')}`,
      'pool_mode = transaction',
      `default_pool_size = ${opts.poolSize ?? 4}`,
      'max_client_conn = 300',
      `logfile = ${path.join(dir, 'pgbouncer.log')}`,
      '',
    ].join('\n'),
  );
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    for (const f of [dir, ini, path.join(dir, 'userlist.txt')]) await chown(f, uid, gid);
  }
  const child: ChildProcess = spawn(bin, asRoot ? ['-u', 'postgres', ini] : [ini], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  };
  for (let i = 0; !(await accepts(port)); i++) {
    if (child.exitCode !== null || i > 400) {
      await stop();
      throw new Error(`pgbouncer did not start on ${port}: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  return {
    port,
    through: (url) => {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    stop,
  };
}
