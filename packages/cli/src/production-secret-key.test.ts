import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError } from '@vigil/core';
import { SECRET_KEY_APPS, startApps } from '@vigil/cli';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const MESSAGE = /VIGIL_SECRET_KEY must be set when NODE_ENV=production/;
// Unreachable stores: a refusal must come before any connection is tried.
const PRODUCTION = { NODE_ENV: 'production', DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', REDIS_URL: 'redis://127.0.0.1:1' };

describe('production without VIGIL_SECRET_KEY', () => {
  it('names the apps that read the key: api, checker, notifier (not the scanner)', () => {
    expect([...SECRET_KEY_APPS].sort()).toEqual(['api', 'checker', 'notifier']);
  });

  it.each([['api'], ['checker'], ['notifier'], ['api', 'scanner']] as const)('start %s refuses before connecting to anything', async (...names) => {
    const started = startApps([...names], PRODUCTION);
    await expect(started).rejects.toThrow(ConfigError);
    await expect(started).rejects.toThrow(MESSAGE);
  });

  it('`vigil start checker` and `vigil migrate` exit non-zero with a message naming the variable', async () => {
    const run = (args: string[]) =>
      new Promise<{ code: number | null; stderr: string }>((resolve) => {
        const child = spawn(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'packages/cli/src/run.ts'), ...args], {
          cwd: root,
          env: { PATH: process.env.PATH, ...PRODUCTION },
        });
        let stderr = '';
        child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
        child.on('exit', (code) => resolve({ code, stderr }));
      });
    for (const args of [['start', 'checker'], ['migrate']]) {
      const { code, stderr } = await run(args);
      expect({ args, code }).toEqual({ args, code: 1 });
      expect(stderr).toMatch(MESSAGE);
    }
  }, 60_000);
});
