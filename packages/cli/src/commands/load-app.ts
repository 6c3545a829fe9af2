import type { AppProcess, Context } from '@vigil/core';

export const APP_NAMES = ['api', 'checker', 'scanner', 'notifier', 'public'] as const;
export type AppName = (typeof APP_NAMES)[number];

/** What `vigil start` runs when no app is named: all but `public`, whose pages the API serves too. */
export const DEFAULT_APPS: readonly AppName[] = ['api', 'checker', 'scanner', 'notifier'];

/**
 * The apps that encrypt or decrypt stored secrets with VIGIL_SECRET_KEY (integration secrets,
 * monitor credentials, heartbeat tokens): in production they refuse to start without it. The
 * scanner never reads it. test/deploy derives the same list from the code's config reads.
 */
export const SECRET_KEY_APPS: readonly AppName[] = ['api', 'checker', 'notifier'];

/**
 * Where each app's process factory lives. The launcher loads an app's module only when it starts
 * that app, so the CLI package has no import of any app (packages never import apps) and admin
 * commands never pay for loading them.
 */
const APP_MODULES: Record<AppName, { module: string; factory: string }> = {
  api: { module: '@vigil/api', factory: 'createApiProcess' },
  checker: { module: '@vigil/checker', factory: 'createCheckerApp' },
  scanner: { module: '@vigil/scanner', factory: 'createScannerApp' },
  notifier: { module: '@vigil/notifier', factory: 'createNotifierApp' },
  public: { module: '@vigil/api', factory: 'createPublicProcess' },
};

export type AppFactory = (ctx: Context) => AppProcess;

function isAppProcess(value: unknown): value is AppProcess {
  return (
    typeof value === 'object' &&
    value !== null &&
    'name' in value &&
    typeof value.name === 'string' &&
    'start' in value &&
    typeof value.start === 'function' &&
    'stop' in value &&
    typeof value.stop === 'function'
  );
}

/** Loads one app's module and returns its process factory, checked at the boundary. */
export async function loadAppFactory(name: AppName): Promise<AppFactory> {
  const { module, factory } = APP_MODULES[name];
  const loaded: unknown = await import(module);
  const create: unknown = typeof loaded === 'object' && loaded !== null ? Reflect.get(loaded, factory) : undefined;
  if (typeof create !== 'function') throw new Error(`${module} does not export ${factory}`);
  return (ctx) => {
    const app: unknown = Reflect.apply(create, undefined, [ctx]);
    if (!isAppProcess(app)) throw new Error(`${module}.${factory} did not return an app process`);
    return app;
  };
}
