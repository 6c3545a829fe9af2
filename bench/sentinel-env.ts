/**
 * A throwaway Redis primary, one replica and three Sentinels on loopback (Debian's
 * redis-server; `--sentinel` is the same binary), for bench/failover.bench.ts. No persistence:
 * the replica holds what was replicated when the primary dies.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';

export interface SentinelSet {
  /** `host:port,...` of the Sentinels (REDIS_SENTINELS). */
  sentinels: string;
  name: string;
  /** The port of the primary the Sentinels name now. */
  primaryPort(): Promise<number>;
  /** kill -9 of the current primary. */
  killPrimary(): Promise<number>;
  /** Resolves with the new primary's port once the Sentinels promoted another server than `oldPort`. */
  promoted(oldPort: number, timeoutMs: number): Promise<number>;
  stop(): Promise<void>;
}

export async function startSentinelSet(primaryPort: number, replicaPort: number, sentinelPorts: number[], name = 'vigil-bench'): Promise<SentinelSet> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vigil-sentinel-'));
  const children = new Map<number, ChildProcess>();
  const redisArgs = (port: number) => ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir];
  const start = (port: number, args: string[]) => {
    children.set(port, spawn('redis-server', args, { stdio: 'ignore' }));
  };
  start(primaryPort, redisArgs(primaryPort));
  start(replicaPort, [...redisArgs(replicaPort), '--replicaof', '127.0.0.1', String(primaryPort)]);
  for (const port of sentinelPorts) {
    const conf = path.join(dir, `sentinel-${port}.conf`);
    writeFileSync(
      conf,
      [
        `port ${port}`,
        'bind 127.0.0.1',
        `dir ${dir}`,
        `sentinel monitor ${name} 127.0.0.1 ${primaryPort} 2`,
        `sentinel down-after-milliseconds ${name} 2000`,
        `sentinel failover-timeout ${name} 10000`,
        `sentinel parallel-syncs ${name} 1`,
        '',
      ].join('\n'),
    );
    start(port, [conf, '--sentinel']);
  }
  const ask = async <T>(port: number, work: (r: Redis) => Promise<T>): Promise<T> => {
    const r = new Redis({ port, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 500, retryStrategy: () => null });
    r.on('error', () => undefined);
    try {
      await r.connect();
      return await work(r);
    } finally {
      r.disconnect();
    }
  };
  const primaryPortNow = async () => {
    for (const port of sentinelPorts) {
      const addr = await ask(port, (r) => r.call('SENTINEL', 'get-master-addr-by-name', name) as Promise<string[] | null>).catch(() => null);
      if (addr) return Number(addr[1]);
    }
    throw new Error('no Sentinel answers');
  };
  const stop = async () => {
    for (const c of children.values()) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    await sleep(200);
    rmSync(dir, { recursive: true, force: true });
  };
  // Ready: the replica is in sync and every Sentinel sees it.
  for (let i = 0; ; i++) {
    const synced = await ask(replicaPort, (r) => r.info('replication')).catch(() => '');
    const seen = await Promise.all(sentinelPorts.map((p) => ask(p, (r) => r.call('SENTINEL', 'replicas', name) as Promise<unknown[]>).catch(() => [])));
    if (synced.includes('master_link_status:up') && seen.every((s) => s.length > 0)) break;
    if (i > 300) {
      await stop();
      throw new Error('Redis replica or Sentinels did not come up');
    }
    await sleep(100);
  }
  return {
    sentinels: sentinelPorts.map((p) => `127.0.0.1:${p}`).join(','),
    name,
    primaryPort: primaryPortNow,
    async killPrimary() {
      const port = await primaryPortNow();
      const child = children.get(port);
      if (child) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGKILL');
        await exited;
      }
      return port;
    },
    async promoted(oldPort, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const port = await primaryPortNow().catch(() => oldPort);
        if (port !== oldPort) {
          const role = await ask(port, (r) => r.call('ROLE') as Promise<unknown[]>).catch(() => []);
          if (role[0] === 'master') return port;
        }
        if (Date.now() > deadline) throw new Error(`Sentinels did not promote a replica within ${timeoutMs} ms`);
        await sleep(100);
      }
    },
    stop,
  };
}
