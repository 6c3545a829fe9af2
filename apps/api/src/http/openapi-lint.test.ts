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

/** The repository's Redocly configuration: the recommended rules, and each exception with its reason. */
const CONFIG = fileURLToPath(new URL('../../../../redocly.yaml', import.meta.url));
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

type Problem = { ruleId: string; severity: string; message: string; location: { pointer: string }[] };

/** Redocly's findings on a document, as `severity ruleId at pointer: message`. */
async function lint(doc: unknown): Promise<string[]> {
  const file = join(dir, 'openapi.json');
  await writeFile(file, JSON.stringify(doc));
  // Offline: no telemetry, no update check, the built-in ruleset only.
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', OTEL_SDK_DISABLED: 'true' };
  const out = await run(process.execPath, [REDOCLY, 'lint', file, '--config', CONFIG, '--format', 'json'], { cwd: dir, env }).then(
    (r) => r.stdout,
    (e: { stdout?: string }) => e.stdout ?? '',
  );
  const report = JSON.parse(out) as { problems: Problem[] };
  return report.problems.map((p) => `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer ?? '?'}: ${p.message}`);
}

describe('the served OpenAPI document', () => {
  it("passes Redocly's recommended rules (exceptions named in redocly.yaml) with no error and no warning", async () => {
    const doc = (await request(createApp(ctx)).get('/api/v1/openapi.json')).body as unknown;
    expect(await lint(doc)).toEqual([]);
  }, 60_000);

  it('still warns about an operation without a 2XX or a 4XX answer outside the named exceptions', async () => {
    const doc = (await request(createApp(ctx)).get('/api/v1/openapi.json')).body as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    const usage = doc.paths['/api/v1/usage'].get;
    usage.responses = { 503: usage.responses['503'] };
    expect(await lint(doc)).toEqual([
      'warn rule/operation-2xx-response at #/paths/~1api~1v1~1usage/get/responses: Operation must have at least one 2XX response.',
      'warn rule/operation-4xx-response at #/paths/~1api~1v1~1usage/get/responses: Operation must have at least one 4XX response.',
    ]);
  }, 60_000);
});
