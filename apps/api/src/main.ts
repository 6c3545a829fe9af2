import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppProcess, Context } from '@vigil/core';
import { createApp } from './app.js';
import { answerClientError } from './http/client-error.js';
import type { RequestUsage } from './usage/request-usage.js';
import { carryLegacyCounters } from './limits/legacy-counters.js';

/** The API server: listens on PORT; on stop, finishes in-flight requests within the bounded wait. */
export function createApiProcess(ctx: Context): AppProcess & { port(): number | undefined } {
  let server: Server | undefined;
  let usage: RequestUsage | undefined;
  return {
    name: 'api',
    port: () => (server?.address() as AddressInfo | null)?.port,
    async start() {
      const app = createApp(ctx);
      usage = app.usage;
      const listening = app.listen(ctx.config.port);
      server = listening;
      // Longer than the usual load-balancer idle timeout, so the balancer closes first.
      listening.keepAliveTimeout = 65_000;
      listening.headersTimeout = 66_000;
      listening.on('clientError', answerClientError);
      await new Promise<void>((resolve, reject) => {
        listening.once('listening', resolve);
        listening.once('error', reject);
      });
      usage.start();
      // Counters an earlier release kept outside the prefix: carried once, in the background.
      carryLegacyCounters(ctx).then(
        (carried) => carried && ctx.logger.info('rate-limit counters moved under the Redis prefix', { carried }),
        (e: Error) => ctx.logger.warn('could not move the old rate-limit counters', { error: e.message }),
      );
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
      ctx.logger.info('api stopped');
    },
  };
}
