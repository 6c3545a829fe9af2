import request from 'supertest';
import { createTestContext, type TestContext } from '@vigil/testing';
import { createApp } from '../app.js';

type Node = Record<string, unknown>;

const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);
const hasExample = (n: Node) => (Array.isArray(n.examples) && n.examples.length > 0) || n.example !== undefined;

/**
 * The pointers of maps (`additionalProperties: {schema}`) and open objects
 * (`additionalProperties: true`) with no example of their own or from an enclosing schema:
 * Swagger UI would show them as `additionalProp1` or `{}`.
 */
function mapsWithoutExample(node: unknown, pointer: string, covered: boolean, out: string[]) {
  if (Array.isArray(node)) {
    node.forEach((item, i) => mapsWithoutExample(item, `${pointer}/${i}`, covered, out));
    return;
  }
  if (!isNode(node)) return;
  const here = covered || hasExample(node);
  const extra = node.additionalProperties;
  if ((extra === true || isNode(extra)) && !here) out.push(pointer);
  for (const [key, value] of Object.entries(node)) {
    if (key === 'examples' || key === 'example') continue;
    mapsWithoutExample(value, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, here, out);
  }
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.teardown();
});

describe('examples in the served OpenAPI document', () => {
  it('gives every response map and open object an example', async () => {
    const doc = (await request(createApp(ctx)).get('/api/v1/openapi.json')).body as Node;
    const missing: string[] = [];
    const paths = isNode(doc.paths) ? doc.paths : {};
    for (const [path, item] of Object.entries(paths)) {
      if (!isNode(item)) continue;
      for (const [method, op] of Object.entries(item)) {
        if (isNode(op)) mapsWithoutExample(op.responses, `#/paths/${path.replace(/\//g, '~1')}/${method}/responses`, false, missing);
      }
    }
    const components = isNode(doc.components) ? doc.components : {};
    mapsWithoutExample(components.schemas, '#/components/schemas', false, missing);
    expect(missing).toEqual([]);
  });

  it('finds a map with no example (the walk itself)', () => {
    const missing: string[] = [];
    mapsWithoutExample({ type: 'object', properties: { a: { type: 'object', additionalProperties: { type: 'integer' } }, b: { type: 'object', additionalProperties: true, examples: [{ x: 1 }] } } }, '#', false, missing);
    expect(missing).toEqual(['#/properties/a']);
  });
});
