import { createConnection, createServer, type AddressInfo, type Server, type Socket } from 'node:net';

export interface TcpProxy {
  port: number;
  /** Makes the upstream unreachable: open connections are reset and new ones refused. */
  cut(): Promise<void>;
  /** Lets connections through again (on the same port). */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A loopback TCP proxy to `upstreamPort` that can be cut and restored: what a dependency outage
 * looks like to a client (a server that went away, then came back), without touching the
 * server itself, which may be shared.
 */
export async function startTcpProxy(upstreamPort: number, port = 0): Promise<TcpProxy> {
  const open = new Set<Socket>();
  let server: Server | undefined;
  let boundPort = port;

  const listen = async () => {
    const s = createServer((client) => {
      const upstream = createConnection({ host: '127.0.0.1', port: upstreamPort });
      open.add(client).add(upstream);
      const end = () => {
        client.destroy();
        upstream.destroy();
        open.delete(client);
        open.delete(upstream);
      };
      client.on('error', end).on('close', end);
      upstream.on('error', end).on('close', end);
      client.pipe(upstream);
      upstream.pipe(client);
    });
    await new Promise<void>((resolve, reject) => s.once('error', reject).listen(boundPort, '127.0.0.1', resolve));
    boundPort = (s.address() as AddressInfo).port;
    server = s;
  };
  const stop = async () => {
    const s = server;
    server = undefined;
    for (const socket of open) socket.resetAndDestroy();
    open.clear();
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  };

  await listen();
  return {
    get port() {
      return boundPort;
    },
    cut: stop,
    restore: async () => {
      if (!server) await listen();
    },
    close: stop,
  };
}
