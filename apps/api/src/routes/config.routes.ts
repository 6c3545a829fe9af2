import Joi from 'joi';
import type { Context, RequiredScope } from '@vigil/core';
import { auditActor } from '../audit/audit-actor.js';
import { applyDocument, planDocument } from '../config-as-code/apply.js';
import { configDocumentSchema } from '../config-as-code/config-schema.js';
import { ConfigConflictSchema, ConfigDocumentSchema, ConfigErrorSchema, ConfigPlanSchema, JsonSchemaDocument } from '../config-as-code/config.schema.js';
import { KINDS, LIST_OF } from '../config-as-code/document.js';
import { exportDocument } from '../config-as-code/export.js';
import { planView } from '../config-as-code/plan.js';
import { queryFields } from '../http/joi-schema.js';
import { authOf } from '../http/request-auth.js';
import { route, type RouteDef } from '../http/route.js';
import { validate } from '../http/validate.js';
import { requireScope } from '../middleware/require-scope.js';

const TAG = 'Configuration as code';
const BASE = '/api/v1/config';

/** A document spans these families: reading or writing one needs the scope on each (decisions: "Configuration as code"). */
const FAMILIES = ['monitors', 'domains', 'integrations', 'status_pages', 'maintenance'] as const;
const allOf = (access: 'read' | 'write') => FAMILIES.slice(1).map((f) => requireScope(`${f}:${access}` satisfies RequiredScope));

const schema = configDocumentSchema();
/**
 * The body is checked list by list with each resource's own rules (config-as-code/plan.ts). The
 * operation documents its lists; the entries' fields are in the document's JSON Schema (GET
 * /api/v1/config/schema), so that clients pass an entry they have not typed on to the checks.
 */
const documentBody = Joi.object(
  Object.fromEntries(KINDS.map((k) => [LIST_OF[k], Joi.array().items(Joi.object().unknown(true).description('key plus the fields of the create body'))])),
)
  .description('A configuration document; GET /api/v1/config/schema describes every entry')
  .example({ monitors: [{ key: 'homepage', name: 'Homepage', url: 'https://example.com/' }] });

const prune = Joi.string()
  .valid('true', 'false')
  .messages({ '*': 'Invalid prune: must be true or false' })
  .description('true: managed objects the document no longer lists are deleted');
const planQuery = Joi.object<{ prune?: 'true' | 'false' }>({ prune });
const applyQuery = Joi.object<{ prune?: 'true' | 'false'; fingerprint?: string }>({
  prune,
  fingerprint: Joi.string().max(100).messages({ '*': 'Invalid fingerprint' }).description("A plan's fingerprint: 409 when the account changed since that plan"),
});

const ERRORS = {
  400: { description: 'Invalid document: the resource endpoints\' message, and `path`, where in the document', schema: ConfigErrorSchema },
  403: { description: 'Insufficient scope; a limit of the plan on the end state (tier-limit body); Interval, Frequency not allowed; Domain not verified (each with `path`)' },
};

export function configRoutes(ctx: Context): RouteDef[] {
  return [
    route({
      method: 'get',
      path: `${BASE}/schema`,
      summary: 'The JSON Schema of a configuration document (vigil.yaml), for editors',
      tag: TAG,
      auth: 'none',
      handler: (_req, _res, send) => {
        send(200, schema);
      },
      docs: { responses: { 200: { description: 'JSON Schema (draft 2020-12); also docs/vigil.schema.json', schema: JsonSchemaDocument } } },
    }),
    route({
      method: 'post',
      path: `${BASE}/plan`,
      summary: 'What applying a configuration document would change (changes nothing)',
      tag: TAG,
      auth: 'api-key',
      scope: 'monitors:read',
      before: allOf('read'),
      handler: async (req, _res, send) => {
        const query = validate(planQuery, req.query);
        send(200, planView(await planDocument(ctx, authOf(req).account, req.body, query.prune === 'true')));
      },
      docs: {
        query: queryFields(planQuery),
        body: documentBody,
        responses: { 200: { description: 'Every entry with its action, and deletes under prune', schema: ConfigPlanSchema }, ...ERRORS },
      },
    }),
    route({
      method: 'post',
      path: `${BASE}/apply`,
      summary: "Make a configuration document's changes, all in one transaction or none",
      tag: TAG,
      auth: 'api-key',
      scope: 'monitors:write',
      before: allOf('write'),
      handler: async (req, _res, send) => {
        const query = validate(applyQuery, req.query);
        const plan = await applyDocument(ctx, auditActor(req, ctx.clock), authOf(req).account, req.body, { prune: query.prune === 'true', fingerprint: query.fingerprint });
        send(200, planView(plan));
      },
      docs: {
        query: queryFields(applyQuery),
        body: documentBody,
        responses: {
          200: { description: 'The changes made (as plan answers them); the fingerprint is the one they were planned against', schema: ConfigPlanSchema },
          ...ERRORS,
          409: {
            description: 'Another apply of the account is in progress; The account changed since the plan (with the current `fingerprint`); a URL, slug or domain another object has (with `path`)',
            schema: ConfigConflictSchema,
          },
        },
      },
    }),
    route({
      method: 'get',
      path: `${BASE}/export`,
      summary: "The account's objects as a configuration document (plans to no changes)",
      tag: TAG,
      auth: 'api-key',
      scope: 'monitors:read',
      coalesce: true,
      before: allOf('read'),
      handler: async (req, _res, send) => {
        send(200, await exportDocument(ctx, authOf(req).account.id));
      },
      docs: { responses: { 200: { description: 'Managed objects under their key, the others under `<kind>-<id>`; secrets masked', schema: ConfigDocumentSchema } } },
    }),
  ];
}
