import { readFile, writeFile } from 'node:fs/promises';
import request from 'supertest';
import { createTestContext, type TestContext } from '@vigil/testing';
import { createApp } from '../app.js';
import { endpointReference } from './endpoint-reference.js';

const FILE = new URL('../../../../docs/api-endpoints.md', import.meta.url);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.teardown());

describe('docs/api-endpoints.md', () => {
  it('lists exactly the operations of the served OpenAPI document', async () => {
    const doc = (await request(createApp(ctx)).get('/api/v1/openapi.json')).body as unknown;
    const expected = endpointReference(doc);
    if (process.env.UPDATE_API_DOCS === '1') await writeFile(FILE, expected);
    expect(await readFile(FILE, 'utf8')).toBe(expected);
  });
});

const GUIDE = new URL('../../../../docs/api.md', import.meta.url);

/** `/api/v1/<resource>` for API paths, `/<first segment>` for the others (`/` for the index). */
function pathGroup(path: string): string {
  const parts = path.split('/');
  return path.startsWith('/api/v1/') ? parts.slice(0, 4).join('/') : `/${parts[1]}`;
}

describe('docs/api.md', () => {
  it('names every path group of the served OpenAPI document', async () => {
    const doc = (await request(createApp(ctx)).get('/api/v1/openapi.json')).body as { paths: Record<string, unknown> };
    const guide = await readFile(GUIDE, 'utf8');
    const groups = [...new Set(Object.keys(doc.paths).map(pathGroup))];
    // As a path of its own: not inside a longer one (`/status` is not `/api/v1/uptime/status`).
    const named = (group: string) => new RegExp(`(?<![\\w/.-])${group.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`).test(guide);
    expect(groups.filter((g) => !named(g))).toEqual([]);
  });
});

describe('endpointReference', () => {
  it('renders one table per tag with method, path, summary, auth and statuses', () => {
    const md = endpointReference({
      paths: {
        '/a/{id}': {
          get: { summary: 'Read | one', tags: ['Things'], security: [{ apiKey: [] }], responses: { 200: {}, 404: {} } },
          delete: { summary: 'Drop', tags: ['Things'], security: [], responses: { 200: {} } },
        },
        '/b': { post: { summary: 'Check', tags: ['Public'], security: [{}, { apiKey: [] }], responses: { 200: {} } } },
      },
    });
    expect(md).toContain('## Things\n\n| method | path | what it does | auth | statuses |\n| --- | --- | --- | --- | --- |\n');
    expect(md).toContain('| GET | `/a/{id}` | Read \\| one | API key | 200, 404 |\n| DELETE | `/a/{id}` | Drop | none | 200 |');
    expect(md).toContain('## Public');
    expect(md).toContain('| POST | `/b` | Check | optional key | 200 |');
  });

  it('renders nothing for a document without paths', () => {
    expect(endpointReference(null)).not.toContain('## ');
  });
});
