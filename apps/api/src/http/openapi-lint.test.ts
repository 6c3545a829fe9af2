import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import request from 'supertest';
import { createTestContext, type TestContext } from '@vigil/testing';
import { createApp } from '../app.js';

const run = promisify(execFile);

/**
 * Warnings accepted on purpose, each for a reason; anything else fails, and so does an entry
 * here that no longer appears (it must then be removed).
 * - The project has no licence to name (private package, no LICENSE file): none is invented.
 * - The probes answer 200 or 503 and nothing in 4XX: they pass the burst limit and need no key.
 * - The removed token endpoints answer 410 to everything: they have no 2XX by design.
 */
const ACCEPTED = [
  'info-license at #/info',
  ...['healthz', 'readyz', 'metrics'].map((p) => `operation-4xx-response at #/paths/~1${p}/get/responses`),
  ...['login', 'refresh'].flatMap((name) => ['get', 'put', 'post', 'delete', 'patch'].map((m) => `operation-2xx-response at #/paths/~1api~1v1~1auth~1${name}/${m}/responses`)),
];
const REDOCLY = fileURLToPath(new URL('../../../../node_modules/@redocly/cli/bin/cli.js', import.meta.url));

let ctx: TestContext;
let dir: string;
beforeAll(async () => {
  ctx = await createTestContext();
  dir = await mkdtemp(join(tmpdir(), 'vigil-openapi-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await ctx.teardown();
});

describe('the served OpenAPI document', () => {
  it("passes Redocly's recommended rules with no error and no warning", async () => {
    const doc = (await request(createApp(ctx)).get('/api/v1/openapi.json')).body as unknown;
    const file = join(dir, 'openapi.json');
    await writeFile(file, JSON.stringify(doc));
    await writeFile(join(dir, 'redocly.yaml'), 'extends:\n  - recommended\n');
    // Offline: no telemetry, no update check, the built-in ruleset only.
    const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', OTEL_SDK_DISABLED: 'true' };
    const out = await run(process.execPath, [REDOCLY, 'lint', file, '--config', join(dir, 'redocly.yaml'), '--format', 'json'], { cwd: dir, env }).then(
      (r) => r.stdout,
      (e: { stdout?: string }) => e.stdout ?? '',
    );
    const report = JSON.parse(out) as { problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[] };
    const found = report.problems.map((p) => ({ key: `${p.ruleId} at ${p.location[0]?.pointer ?? '?'}`, text: `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer ?? '?'}: ${p.message}` }));
    expect(found.filter((p) => !ACCEPTED.includes(p.key)).map((p) => p.text)).toEqual([]);
    expect(ACCEPTED.filter((key) => !found.some((p) => p.key === key))).toEqual([]);
  }, 60_000);
});
