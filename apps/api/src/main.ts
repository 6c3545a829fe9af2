import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import type { AppProcess, Context } from '@vigil/core';
import { createApp } from './app.js';
import { answerClientError } from './http/client-error.js';
import { createPublicApp } from './public-app.js';

/** What an HTTP process serves, and what runs beside it while it listens. */
interface Served {
  app: Express;
  /** After the server listens. */
  started?: () => void;
  /** After the last request ended. */
  stopped?: () => Promise<void>;
}

/** An HTTP server on PORT; on stop, finishes in-flight requests within the bounded wait. */
function httpProcess(ctx: Context, name: string, serve: () => Served): AppProcess & { port(): number | undefined } {
  let server: Server | undefined;
  let served: Served | undefined;
  return {
    name,
    port: () => (server?.address() as AddressInfo | null)?.port,
    async start() {
      served = serve();
      const listening = served.app.listen(ctx.config.port);
      server = listening;
      // Longer than the usual load-balancer idle timeout, so the balancer closes first.
      listening.keepAliveTimeout = 65_000;
      listening.headersTimeout = 66_000;
      listening.on('clientError', answerClientError);
      await new Promise<void>((resolve, reject) => {
        listening.once('listening', resolve);
        listening.once('error', reject);
      });
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
      ctx.logger.info(`${name} stopped`);
    },
  };
}

/** The API server: listens on PORT and flushes the request usage it counted. */
export function createApiProcess(ctx: Context): AppProcess & { port(): number | undefined } {
  return httpProcess(ctx, 'api', () => {
    const app = createApp(ctx);
    return {
      app,
      started: () => app.usage.start(),
      // After the last request: every counted request reaches daily_usage.
      stopped: () => app.usage.stop(),
    };
  });
}

/** The public face alone (`vigil start public`): status pages, feeds, badges and probes on PORT. */
export function createPublicProcess(ctx: Context): AppProcess & { port(): number | undefined } {
  return httpProcess(ctx, 'public', () => ({ app: createPublicApp(ctx) }));
}
