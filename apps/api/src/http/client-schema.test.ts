import { readFile, writeFile } from 'node:fs/promises';
import openapiTS, { astToString } from 'openapi-typescript';
import request from 'supertest';
import { createTestContext, type TestContext } from '@vigil/testing';
import { createApp } from '../app.js';

/** The typed client's paths, generated from the served document (`npm run generate:client`). */
const FILE = new URL('../../../../packages/client/src/openapi.ts', import.meta.url);
const HEADER = '// Generated from the served OpenAPI document by `npm run generate:client`. Do not edit.\n';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.teardown());

describe('packages/client/src/openapi.ts', () => {
  it('is the openapi-typescript rendering of the served document (regenerate with npm run generate:client)', async () => {
    const doc = (await request(createApp(ctx)).get('/api/v1/openapi.json')).body as Parameters<typeof openapiTS>[0];
    const expected = HEADER + astToString(await openapiTS(doc, { alphabetize: false }));
    if (process.env.UPDATE_CLIENT === '1') await writeFile(FILE, expected);
    expect(await readFile(FILE, 'utf8')).toBe(expected);
  }, 60_000);
});
