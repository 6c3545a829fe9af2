import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import type { AppProcess, Context } from '@vigil/core';
import { mountBullBoard } from './admin/bull-board.js';
import { createApp } from './app.js';
import { answerClientError } from './http/client-error.js';
import { createOpsApp } from './ops-app.js';
import { createPublicApp } from './public-app.js';
import { carryLegacyCounters } from './limits/legacy-counters.js';

/** What an HTTP process serves, and what runs beside it while it listens. */
interface Served {
  app: Express;
  /** After the server listens. */
  started?: () => void;
  /** After the last request ended. */
  stopped?: () => Promise<void>;
  /** What the ops port serves, when VIGIL_OPS_PORT is set. */
  ops: () => Express;
}

type HttpProcess = AppProcess & { port(): number | undefined; opsPort(): number | undefined };

function listenOn(server: Server): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
}

/**
 * An HTTP server on PORT, and on VIGIL_OPS_PORT when set (probes, metrics, the queue dashboard);
 * on stop, finishes in-flight requests within the bounded wait, then closes the ops port.
 */
function httpProcess(ctx: Context, name: string, serve: () => Served): HttpProcess {
  let server: Server | undefined;
  let ops: Server | undefined;
  let served: Served | undefined;
  const closeOps = async () => {
    const o = ops;
    ops = undefined;
    if (!o) return;
    const closed = new Promise<void>((resolve) => o.close(() => resolve()));
    o.closeAllConnections();
    await closed;
  };
  return {
    name,
    port: () => (server?.address() as AddressInfo | null)?.port,
    opsPort: () => (ops?.address() as AddressInfo | null)?.port,
    async start() {
      served = serve();
      if (ctx.config.opsPort !== undefined) {
        ops = served.ops().listen(ctx.config.opsPort);
        await listenOn(ops);
        ctx.logger.info(`${name} ops port listening`, { port: (ops.address() as AddressInfo).port });
      }
      const listening = served.app.listen(ctx.config.port);
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
      served.started?.();
      ctx.logger.info(`${name} listening`, { port: (listening.address() as AddressInfo).port });
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
      await served?.stopped?.();
      // Last: probes and scrapes see the process until its requests are done.
      await closeOps();
      ctx.logger.info(`${name} stopped`);
    },
  };
}

/** The API server: listens on PORT (and the ops port) and flushes the request usage it counted. */
export function createApiProcess(ctx: Context): HttpProcess {
  return httpProcess(ctx, 'api', () => {
    const app = createApp(ctx);
    return {
      app,
      started: () => {
        app.usage.start();
        app.keyUse.start();
        // Counters an earlier release kept outside the prefix: carried once, in the background.
        carryLegacyCounters(ctx).then(
          (carried) => carried && ctx.logger.info('rate-limit counters moved under the Redis prefix', { carried }),
          (e: Error) => ctx.logger.warn('could not move the old rate-limit counters', { error: e.message }),
        );
      },
      // After the last request: every counted request reaches daily_usage.
      stopped: async () => {
        await app.usage.stop();
        await app.keyUse.stop();
      },
      ops: () => createOpsApp(ctx, mountBullBoard),
    };
  });
}

/** The public face alone (`vigil start public`): status pages, feeds, badges and probes on PORT. */
export function createPublicProcess(ctx: Context): HttpProcess {
  return httpProcess(ctx, 'public', () => ({ app: createPublicApp(ctx), ops: () => createOpsApp(ctx) }));
}
