import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { waitFor } from './wait-for.js';

/** A throwaway `redis-server` (Debian's) on a loopback port, with no persistence. */
export interface RedisServer {
  port: number;
  url: string;
  /** SIGKILL, as a crashed host: no goodbye to clients or replicas. */
  kill(): Promise<void>;
  /** Stops it and removes its directory. */
  stop(): Promise<void>;
}

/** A loopback port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((r) => probe.close(() => r()));
  return port;
}

export interface RedisServerOptions {
  /** Config lines (`replicaof 127.0.0.1 6380`, `cluster-enabled yes`, …). */
  config?: string[];
  /** Run as a Sentinel (`redis-server <file> --sentinel`). */
  sentinel?: boolean;
}

/** Starts redis-server with `config` on a free port; resolves once it answers PING. */
export async function startRedisServer(opts: RedisServerOptions = {}): Promise<RedisServer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'vigil-redis-'));
  const port = await freePort();
  const conf = path.join(dir, 'redis.conf');
  const lines = [`port ${port}`, 'bind 127.0.0.1', `dir ${dir}`, 'save ""', 'appendonly no', 'protected-mode no', ...(opts.config ?? [])];
  writeFileSync(conf, `${lines.join('\n')}\n`);
  const child: ChildProcess = spawn('redis-server', opts.sentinel ? [conf, '--sentinel'] : [conf], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `redis://127.0.0.1:${port}`;
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => undefined);
  try {
    await waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`redis-server exited: ${output}`);
        try {
          if (probe.status !== 'ready') await probe.connect();
          return (await probe.ping()) === 'PONG';
        } catch {
          probe.disconnect();
          return false;
        }
      },
      { what: `redis-server on ${port}` },
    );
  } finally {
    probe.disconnect();
  }
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };
  return {
    port,
    url,
    kill,
    async stop() {
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
