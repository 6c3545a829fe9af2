import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
let dir: string;
let doc: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'vigil-shim-'));
  doc = path.join(dir, 'vigil.yaml');
  // One monitor against a closed loopback port: `vigil test` loads the app's code, checks and exits.
  writeFileSync(doc, 'version: 1\nmonitors:\n  - key: a\n    type: http\n    url: http://127.0.0.1:9/\n');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** V8's pretenuring decisions (one trace line per decision round) while `script` runs `vigil test`. */
function pretenuringLines(script: string): Promise<number> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--trace-pretenuring-statistics', script, 'test', '-f', doc, '--allow-cidr', '127.0.0.0/8'], { cwd: root, maxBuffer: 64 * 1024 * 1024 }, (error, stdout) => {
      // The monitor fails (exit 1): only a crash or a missing build is an error here.
      if (error && error.code !== 1) return reject(error);
      resolve(stdout.split('\n').filter((line) => line.includes('pretenuring:')).length);
    });
  });
}

describe('the vigil command (bin/vigil.js)', () => {
  it('turns allocation-site pretenuring off before the app loads', async () => {
    // The compiled entry run directly, without the shim: V8 weighs pretenuring while the app loads.
    expect(await pretenuringLines('packages/cli/dist/run.js')).toBeGreaterThan(0);
    expect(await pretenuringLines('packages/cli/bin/vigil.js')).toBe(0);
  }, 60_000);
});
