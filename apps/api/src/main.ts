import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppProcess, Context } from '@vigil/core';
import { createApp } from './app.js';
import { answerClientError } from './http/client-error.js';
import { createOpsApp } from './ops-app.js';
import type { RequestUsage } from './usage/request-usage.js';

function listenOn(server: Server): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
}

/**
 * The API server: listens on PORT, and on VIGIL_OPS_PORT when set (probes, metrics, the queue
 * dashboard); on stop, finishes in-flight requests within the bounded wait, then closes the ops port.
 */
export function createApiProcess(ctx: Context): AppProcess & { port(): number | undefined; opsPort(): number | undefined } {
  let server: Server | undefined;
  let ops: Server | undefined;
  let usage: RequestUsage | undefined;
  const closeOps = async () => {
    const o = ops;
    ops = undefined;
    if (!o) return;
    const closed = new Promise<void>((resolve) => o.close(() => resolve()));
    o.closeAllConnections();
    await closed;
  };
  return {
    name: 'api',
    port: () => (server?.address() as AddressInfo | null)?.port,
    opsPort: () => (ops?.address() as AddressInfo | null)?.port,
    async start() {
      if (ctx.config.opsPort !== undefined) {
        ops = createOpsApp(ctx).listen(ctx.config.opsPort);
        await listenOn(ops);
        ctx.logger.info('api ops port listening', { port: (ops.address() as AddressInfo).port });
      }
      const app = createApp(ctx);
      usage = app.usage;
      const listening = app.listen(ctx.config.port);
      server = listening;
      // Longer than the usual load-balancer idle timeout, so the balancer closes first.
      listening.keepAliveTimeout = 65_000;
      listening.headersTimeout = 66_000;
      listening.on('clientError', answerClientError);
      try {
        await listenOn(listening);
      } catch (e) {
        await closeOps();
        throw e;
      }
      usage.start();
      ctx.logger.info('api listening', { port: (listening.address() as AddressInfo).port });
    },
    async stop() {
      const s = server;
      if (!s) return;
      server = undefined;
      const closed = new Promise<void>((resolve) => s.close(() => resolve()));
      s.closeIdleConnections();
      const deadline = setTimeout(() => s.closeAllConnections(), ctx.config.shutdownTimeoutMs);
      await closed;
      clearTimeout(deadline);
      // After the last request: every counted request reaches daily_usage.
      await usage?.stop();
      // Last: probes and scrapes see the process until its requests are done.
      await closeOps();
      ctx.logger.info('api stopped');
    },
  };
}
