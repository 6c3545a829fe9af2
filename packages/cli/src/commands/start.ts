import { assertSecretKeyForProduction, classifyOutage, createContext, createLogger, loadConfig, type AppProcess, type Context, type Logger } from '@vigil/core';
import { UsageError, type CliIo } from '../cli-io.js';
import { APP_NAMES, DEFAULT_APPS, loadAppFactory, SECRET_KEY_APPS, type AppName } from './load-app.js';
import { startupBanner } from './startup-banner.js';
import { runUntilSignal } from './run-until-signal.js';

export { APP_NAMES, SECRET_KEY_APPS, type AppName };

export function parseAppNames(args: string[]): AppName[] {
  if (!args.length) return [...DEFAULT_APPS];
  for (const a of args) {
    if (!(APP_NAMES as readonly string[]).includes(a)) throw new UsageError(`Unknown app: ${a} (expected ${APP_NAMES.join(', ')})`);
  }
  const names = [...new Set(args)] as AppName[];
  // Both listen on PORT; the API serves the public pages itself.
  if (names.includes('api') && names.includes('public')) throw new UsageError('api and public both listen on PORT: start public in its own process');
  return names;
}

export interface RunningApps {
  ctx: Context;
  stop(): Promise<void>;
}

/**
 * Starts the named apps in this process on one shared context. With the four default ones (npm
 * start) the database is created if missing and migrations are applied first; a single app
 * (containers, k8s) leaves that to `vigil migrate`.
 */
export async function startApps(names: AppName[], env: NodeJS.ProcessEnv = process.env): Promise<RunningApps> {
  const config = loadConfig(env);
  assertSecretKeyForProduction(config, names.filter((n) => SECRET_KEY_APPS.includes(n)));
  const logger = createLogger({ level: config.logLevel });
  const all = DEFAULT_APPS.every((n) => names.includes(n));
  const factories = await Promise.all(names.map(loadAppFactory));
  const ctx = await createContext(config, { logger, prepareDatabase: all });
  const apps = factories.map((create) => create(ctx));
  const started: AppProcess[] = [];
  try {
    for (const app of apps) {
      await app.start();
      started.push(app);
    }
  } catch (e) {
    await Promise.allSettled(started.map((a) => a.stop()));
    await ctx.close();
    throw e;
  }
  return {
    ctx,
    async stop() {
      // The HTTP servers stop taking requests first; workers then finish their jobs in parallel.
      const servers = started.filter((a) => a.name === 'api' || a.name === 'public');
      for (const s of servers) await s.stop();
      await Promise.allSettled(started.filter((a) => !servers.includes(a)).map((a) => a.stop()));
      await ctx.close();
    },
  };
}

/** `vigil start [api|checker|scanner|notifier|public ...]`: runs until SIGTERM or SIGINT. */
export async function startCommand(args: string[], io: CliIo): Promise<number> {
  const names = parseAppNames(args);
  const running = await startApps(names);
  process.on('unhandledRejection', outageTolerantRejection(running.ctx.logger));
  running.ctx.logger.info('vigil started', { apps: names });
  // Logs are JSON lines for machines; a person at a terminal also gets one line to act on.
  if (process.stdout.isTTY) io.out(startupBanner(names, running.ctx.config));
  return runUntilSignal(io, running.ctx.logger, () => running.stop());
}

/**
 * A promise nobody awaited that failed because PostgreSQL or Redis is out of reach (a
 * background write timing out under load, a connection lost in a failover) is logged and
 * survived: the process keeps serving and its probes report the outage. Any other unhandled
 * rejection is a bug: logged, and the process exits as Node.js would.
 */
export function outageTolerantRejection(logger: Logger, exit: (code: number) => void = (code) => process.exit(code)): (reason: unknown) => void {
  return (reason) => {
    const outage = classifyOutage(reason);
    if (outage) {
      logger.warn('a background call failed during an outage', { dependency: outage.dependency, reason: outage.reason });
      return;
    }
    logger.error('unhandled rejection', { error: reason instanceof Error ? { message: reason.message, stack: reason.stack } : String(reason) });
    exit(1);
  };
}
