import net, { type AddressInfo } from 'node:net';

/**
 * A loopback TCP proxy in front of a real server (the shared PostgreSQL or Redis), which a test
 * controls to simulate outages without touching the server:
 * - `freeze()`: established and new connections stay open but nothing passes (a hung server,
 *   or packets silently dropped);
 * - `kill()`: every connection is reset and new ones are refused (a server that is down);
 * - `restore()`: back to passing everything, on the same port;
 * - `retarget(port)`: new connections go to another server (a virtual IP or DNS name moved to
 *   a promoted replica); established ones stay where they are.
 */
export interface TcpProxy {
  port: number;
  freeze(): void;
  kill(): Promise<void>;
  restore(): Promise<void>;
  retarget(port: number): void;
  close(): Promise<void>;
}

export async function startTcpProxy(firstTargetPort: number, targetHost = '127.0.0.1'): Promise<TcpProxy> {
  let targetPort = firstTargetPort;
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket | undefined }>();
  let frozen = false;
  const held: (() => void)[] = [];

  const connectUpstream = (pair: { client: net.Socket; upstream: net.Socket | undefined }) => {
    const upstream = net.connect(targetPort, targetHost);
    pair.upstream = upstream;
    pair.client.pipe(upstream);
    upstream.pipe(pair.client);
    upstream.on('error', () => pair.client.destroy());
    upstream.on('close', () => pair.client.destroy());
  };

  const server = net.createServer((client) => {
    const pair: { client: net.Socket; upstream: net.Socket | undefined } = { client, upstream: undefined };
    pairs.add(pair);
    client.on('error', () => pair.upstream?.destroy());
    client.on('close', () => {
      pair.upstream?.destroy();
      pairs.delete(pair);
    });
    if (frozen) {
      client.pause();
      held.push(() => {
        client.resume();
        connectUpstream(pair);
      });
    } else {
      connectUpstream(pair);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  const resetAll = () => {
    for (const { client, upstream } of pairs) {
      client.resetAndDestroy();
      upstream?.destroy();
    }
    pairs.clear();
    held.length = 0;
  };

  return {
    port,
    freeze() {
      frozen = true;
      for (const { client, upstream } of pairs) {
        client.pause();
        upstream?.pause();
      }
    },
    async kill() {
      frozen = false;
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        resetAll();
      });
    },
    async restore() {
      if (!server.listening) await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
      frozen = false;
      for (const { client, upstream } of pairs) {
        client.resume();
        upstream?.resume();
      }
      for (const release of held.splice(0)) release();
    },
    retarget(port) {
      targetPort = port;
    },
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        resetAll();
      });
    },
  };
}
