import type { Config } from '@vigil/core';
import type { AppName } from './load-app.js';

/**
 * The one human line `vigil start` prints when its output is a terminal (logs stay JSON lines):
 * where the API listens, where the docs are and how to create the first account.
 */
export function startupBanner(names: readonly AppName[], config: Pick<Config, 'port' | 'healthPorts'>): string {
  const workers = names.filter((n): n is Exclude<AppName, 'api' | 'public'> => n !== 'api' && n !== 'public');
  const health = [
    ...(names.includes('public') ? [`public pages on http://localhost:${config.port}/status/{slug}`] : []),
    ...workers.map((n) => `${n} health on http://localhost:${config.healthPorts[n]}/healthz`),
  ].join(', ');
  if (!names.includes('api')) return `Vigil is running: ${health}.`;
  const api = `http://localhost:${config.port}`;
  return (
    `Vigil is running: API on ${api}, docs at ${api}/docs` +
    (health ? `, ${health}` : '') +
    `. First account: npx vigil account create --email you@example.com --tier pro`
  );
}
