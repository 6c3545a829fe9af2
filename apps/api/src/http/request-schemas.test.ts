import { Ajv2020 } from 'ajv/dist/2020.js';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import Joi from 'joi';
import { MONITOR_TYPE_SPECS } from '@vigil/core';
import { createTestContext, type TestContext } from '@vigil/testing';
import { createApp } from '../app.js';
import { requestSchema } from './joi-schema.js';
import { openApiPath } from './openapi.js';
import type { RouteDef } from './route.js';
import { validate } from './validate.js';

/**
 * Every documented request body is derived from the joi schema that validates it: here its
 * examples must pass both that validator and ajv against the derived schema, and inputs broken
 * in a few ways must be refused by both, so the document and the validator agree.
 */

let ctx: TestContext;
let routes: RouteDef[];
const ajv = new Ajv2020({ strict: false, allErrors: true, formats: fullFormats });

beforeAll(async () => {
  ctx = await createTestContext();
  routes = createApp(ctx).routes;
});
afterAll(() => ctx.teardown());

interface Body {
  name: string;
  schema: Joi.Schema;
  /** Fields the joi object accepts as anything because a later step validates them. */
  checkedLater?: string[];
}

function bodies(): Body[] {
  // A monitor body's config is checked against its type's spec once the type is known (monitor-type-input.ts).
  const monitorBodies = new Set(['/api/v1/uptime/monitors', '/api/v1/uptime/monitors/:id']);
  const ofRoutes = routes.flatMap((r): Body[] =>
    r.docs.body ? [{ name: `${r.method.toUpperCase()} ${openApiPath(r.path)}`, schema: r.docs.body, checkedLater: monitorBodies.has(r.path) ? ['config'] : [] }] : [],
  );
  // Those specs, with their own examples.
  const configs = Object.entries(MONITOR_TYPE_SPECS).map(([type, spec]) => ({ name: `config of ${type} monitors`, schema: spec.schema }));
  return [...ofRoutes, ...configs];
}

function examplesOf(schema: Joi.Schema): unknown[] {
  return (schema.describe() as { examples?: unknown[] }).examples ?? [];
}

function joiAccepts(schema: Joi.Schema, input: unknown): boolean {
  try {
    validate(schema, input);
    return true;
  } catch {
    return false;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

describe('request bodies: the derived schema and the joi validator agree', () => {
  it('every operation with a body documents it from joi, with at least one example', () => {
    const all = bodies();
    expect(all.length).toBeGreaterThan(20);
    expect(all.filter((b) => examplesOf(b.schema).length === 0).map((b) => b.name)).toEqual([]);
  });

  it('every example is valid for joi and for ajv against the derived schema', () => {
    const problems: string[] = [];
    for (const { name, schema } of bodies()) {
      const check = ajv.compile(requestSchema(schema));
      for (const example of examplesOf(schema)) {
        if (!joiAccepts(schema, example)) problems.push(`${name}: joi refuses ${JSON.stringify(example)}`);
        if (!check(example)) problems.push(`${name}: ajv refuses ${JSON.stringify(example)}: ${ajv.errorsText(check.errors)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('broken inputs are refused by both: not an object, a required field missing, a field of the wrong type', () => {
    const problems: string[] = [];
    for (const { name, schema, checkedLater = [] } of bodies()) {
      const derived = requestSchema(schema);
      const check = ajv.compile(derived);
      const required = Array.isArray(derived.required) ? derived.required.map(String) : [];
      const broken: [string, unknown][] = [['an array', []], ['a string', 'x']];
      for (const example of examplesOf(schema).filter(isObject)) {
        for (const field of required) {
          const { [field]: _dropped, ...rest } = example;
          broken.push([`without ${field}`, rest]);
        }
        for (const field of Object.keys(example).filter((f) => !checkedLater.includes(f))) {
          broken.push([`${field} a nested array`, { ...example, [field]: [[[]]] }]);
        }
      }
      for (const [what, input] of broken) {
        if (joiAccepts(schema, input)) problems.push(`${name}: joi accepts ${what}`);
        if (check(input)) problems.push(`${name}: ajv accepts ${what}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('joi-validated query parameters are documented from their validator', () => {
    const queryOf = (method: string, path: string) => routes.find((r) => r.method === method && r.path === path)?.docs.query ?? {};
    const days = queryOf('get', '/api/v1/usage/history').days;
    expect(Joi.isSchema(days) ? requestSchema(days) : days).toMatchObject({ type: 'integer', minimum: 1, maximum: 90, default: 30 });
    const grade = queryOf('get', '/api/v1/domains').grade;
    expect(Joi.isSchema(grade) ? requestSchema(grade) : grade).toMatchObject({ type: 'string', enum: expect.arrayContaining(['A+', 'F']) });
  });
});
