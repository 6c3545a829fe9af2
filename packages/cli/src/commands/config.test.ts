import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { createApp } from '@vigil/api';
import { Integration } from '@vigil/core';
import { createTestAccount, createTestContext, type TestAccount, type TestContext } from '@vigil/testing';
import { main } from '../main.js';

let ctx: TestContext;
let api: http.Server;
let dir: string;
let who: TestAccount;

beforeAll(async () => {
  ctx = await createTestContext({ env: { VIGIL_BURST_PER_SECOND: '100000', VIGIL_TIERS: '{"pro":{"requestsPerMinute":100000,"requestsPerDay":null}}' } });
  api = http.createServer(createApp(ctx));
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  dir = await mkdtemp(join(tmpdir(), 'vigil-config-'));
  who = await createTestAccount(ctx, 'pro');
  process.env.VIGIL_API_URL = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  process.env.VIGIL_KEY = who.key;
  process.env.HOOK_SECRET = 'whsec_from-the-ci-environment-42';
});
afterAll(async () => {
  for (const name of ['VIGIL_API_URL', 'VIGIL_KEY', 'HOOK_SECRET']) Reflect.deleteProperty(process.env, name);
  await new Promise((resolve) => api.close(resolve));
  await ctx.teardown();
});

async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (t) => out.push(t), err: (t) => err.push(t) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

async function file(name: string, text: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, text);
  return path;
}

const YAML = `# yaml-language-server: $schema=http://localhost/api/v1/config/schema
monitors:
  - key: shop
    name: Shop
    url: https://shop.example.com/
    escalation:
      - after_minutes: 5
        integration_ids: [ops]
integrations:
  - key: ops
    type: webhook
    name: Ops
    config:
      url: https://hooks.example.com/vigil
      secret: \${env:HOOK_SECRET}
`;

describe('vigil plan, apply and export against a real API', () => {
  it('plan exits 2 with changes (secrets never printed), apply makes them, plan then exits 0; export plans to nothing', async () => {
    const doc = await file('vigil.yaml', YAML);
    const planned = await run('plan', '-f', doc);
    expect(planned).toMatchObject({ code: 2, err: '' });
    expect(planned.out).toContain('+ monitor shop');
    expect(planned.out).toContain('+ integration ops');
    expect(planned.out).toContain('Plan: 2 to create, 0 to update, 0 to delete, 0 unchanged.');
    expect(planned.out).not.toContain('from-the-ci-environment');

    const applied = await run('apply', '-f', doc, '--yes');
    expect(applied.code).toBe(0);
    expect(applied.out).toContain('Plan: 2 to create');
    expect(applied.out).not.toContain('from-the-ci-environment');
    // Stored resolved (and sealed), never as the reference.
    const [hook] = await ctx.db.getRepository(Integration).findBy({ accountId: who.account.id });
    expect(JSON.stringify(hook)).not.toContain('${env:');
    const listed = await fetch(`${process.env.VIGIL_API_URL}/api/v1/integrations`, { headers: who.auth });
    expect(JSON.stringify(await listed.json())).not.toContain('env:');

    expect(await run('plan', '-f', doc)).toMatchObject({ code: 0, out: 'No changes. 2 unchanged.' });

    const exported = await run('export');
    expect(exported.code).toBe(0);
    expect(exported.out.split('\n')[0]).toBe(`# yaml-language-server: $schema=${process.env.VIGIL_API_URL}/api/v1/config/schema`);
    const back = parse(exported.out) as { monitors: { key: string }[] };
    expect(back.monitors.map((m) => m.key)).toEqual(['shop']);
    expect(await run('plan', '-f', await file('exported.yaml', exported.out))).toMatchObject({ code: 0 });
  });

  it('exits 1 on an error: the API\'s message at its document path, a missing variable, a bad key, a bad option', async () => {
    const bad = await run('plan', '-f', await file('bad.yaml', 'monitors:\n  - key: a\n    name: A\n    url: https://a.example.com/\n    check_interval: 7\n'));
    expect(bad).toMatchObject({ code: 1, err: 'vigil: monitors[0].check_interval: Invalid interval (HTTP 400)' });
    const unset = await run('plan', '-f', await file('unset.yaml', 'integrations:\n  - key: x\n    config:\n      secret: ${env:NOT_SET_ANYWHERE}\n'));
    expect(unset).toMatchObject({ code: 1, err: 'vigil: integrations[0].config.secret: ${env:NOT_SET_ANYWHERE} is not set in the environment' });
    expect((await run('plan', '-f', join(dir, 'missing.yaml'))).code).toBe(1);
    expect((await run('plan', '--bogus', '-f', join(dir, 'vigil.yaml'))).code).toBe(1);
    const saved = process.env.VIGIL_KEY;
    process.env.VIGIL_KEY = 'vgl_not-a-key';
    expect((await run('plan', '-f', join(dir, 'vigil.yaml'))).code).toBe(1);
    process.env.VIGIL_KEY = saved;
  });

  it('apply --prune deletes what apply made and the file dropped', async () => {
    const only = await file('only-integration.yaml', YAML.split('integrations:')[0].replace(/escalation:[\s\S]*$/, '') + '\n');
    const res = await run('apply', '-f', only, '--prune', '--yes');
    expect(res.code).toBe(0);
    expect(res.out).toContain('- integration ops');
    expect(res.out).toContain('~ monitor shop');
  });
});
