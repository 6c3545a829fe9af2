import Joi from 'joi';
import { ALERT_EVENTS, CHANNELS, createSecretBox, deleteIntegrationStatement, DELIVERY_STATUSES, INTEGRATION_TYPES, deliveryLogOfAccount, listIntegrations, NotFoundError, recordAudit, recordAuditAlong, ValidationError, type AlertDelivery, type Context, type DeliveryFilters } from '@vigil/core';
import { authOf } from '../http/request-auth.js';
import { auditActor } from '../audit/audit-actor.js';
import { ATTEMPT_LIMIT_DOC, attemptLimit } from '../integrations/attempt-limit.js';
import { paginationBody, paginationParams, PaginationSchema, parsePagination, type PageRequest } from '../http/pagination.js';
import { queryFields } from '../http/joi-schema.js';
import { route, type RouteDef } from '../http/route.js';
import { parseId, validateQuery } from '../http/validate.js';
import { createIntegration } from '../integrations/create-integration.js';
import { findOwnIntegration, INTEGRATION_NOT_FOUND } from '../integrations/find-own-integration.js';
import { createIntegrationBody, updateIntegrationBody } from '../integrations/integration-input.js';
import { AttemptSchema, DeliverySchema, deliveryView, IntegrationSchema, integrationView } from '../integrations/integration-views.js';
import { Type, type Static } from '@sinclair/typebox';
import { DateTimeOrNull, StringEnum } from '../http/schema.js';
import { redeliver } from '../integrations/redeliver.js';
import { rotateSecretBody, rotateWebhookSecret } from '../integrations/rotate-secret.js';
import { sendTestDelivery } from '../integrations/send-test-delivery.js';
import { yieldSlot } from '../middleware/key-fair-share.js';
import { updateIntegration } from '../integrations/update-integration.js';

const TAG = 'Integrations';
const PAGE = { defaultPerPage: 20, maxPerPage: 100 };

/** The delivery log's filters: exact values (an empty one is refused too). */
const DELIVERY_FILTERS = Joi.object<DeliveryFilters>({
  status: Joi.string()
    .valid(...DELIVERY_STATUSES)
    .error(new ValidationError(`Invalid status: must be one of ${DELIVERY_STATUSES.join(', ')}`)),
  event: Joi.string()
    .valid(...ALERT_EVENTS)
    .error(new ValidationError(`Invalid event: must be one of ${ALERT_EVENTS.join(', ')}`)),
});
const ONE = Type.Object({ integration: IntegrationSchema });
const UPDATED = Type.Object({ integration: IntegrationSchema, message: Type.String({ examples: ['Integration updated'] }) });
const NOT_FOUND = { 404: { description: 'Integration not found' } };

/** The answer of an attempt made now (test, redelivery): 200 with its outcome, or 202 while still pending. */
function answerAttempt(send: (status: 200 | 202, body: Static<typeof AttemptSchema>) => void, attempt: { delivery: AlertDelivery; finished: boolean }, words: { queued: string; delivered: string; failed: string }): void {
  const { delivery, finished } = attempt;
  if (!finished) {
    send(202, { delivery: deliveryView(delivery), message: `${words.queued}; see /deliveries for its outcome` });
    return;
  }
  send(200, {
    delivery: deliveryView(delivery),
    message: delivery.status === 'success' ? words.delivered : `${words.failed}: ${delivery.error ?? 'unknown error'}`,
  });
}

/** The answer of GET /integrations/types: the registry's, the same for the life of the process. */
const types = {
  types: CHANNELS.map((c) => ({
    type: c.type,
    name: c.label,
    description: c.description,
    config_fields: c.fields.map((f) => ({ name: f.name, type: f.type, required: f.required, secret: f.secret, description: f.description })),
  })),
  events: [...ALERT_EVENTS],
};


export function integrationRoutes(ctx: Context): RouteDef[] {
  const box = createSecretBox(ctx.config.secretKey);

  const update = (method: 'put' | 'patch') =>
    route({
      method,
      path: '/api/v1/integrations/:id',
      summary: `Update an integration (${method.toUpperCase()}; partial: only the fields sent change, config is merged)`,
      tag: TAG,
      auth: 'api-key',
      scope: 'integrations:write',
      handler: async (req, _res, send) => {
        const { integration, reveal } = await updateIntegration(ctx, box, auditActor(req, ctx.clock), req.params.id, req.body);
        send(200, { integration: integrationView(integration, box, ctx.config.baseUrl, reveal), message: 'Integration updated' });
      },
      docs: { body: updateIntegrationBody, responses: { 200: { description: 'Updated', schema: UPDATED }, 400: { description: 'Invalid field' }, ...NOT_FOUND } },
    });

  return [
    route({
      method: 'get',
      path: '/api/v1/integrations/types',
      summary: 'The supported integration types, each with its config fields, and the event names',
      tag: TAG,
      auth: 'api-key',
      scope: 'integrations:read',
      // The same object every time: the sender serialises and encodes it once.
      handler: (_req, _res, send) => send(200, types),
      docs: {
        responses: {
          200: {
            description: 'Types and events',
            schema: Type.Object({
              types: Type.Array(
                Type.Object({
                  type: StringEnum(INTEGRATION_TYPES),
                  name: Type.String({ examples: ['Webhook'] }),
                  description: Type.String(),
                  config_fields: Type.Array(
                    Type.Object({ name: Type.String(), type: Type.String({ examples: ['string'] }), required: Type.Boolean(), secret: Type.Boolean(), description: Type.String() }),
                  ),
                }),
              ),
              events: Type.Array(StringEnum(ALERT_EVENTS)),
            }),
          },
        },
      },
    }),
    route({
      method: 'get',
      path: '/api/v1/integrations',
      summary: "The account's integrations (secrets masked)",
      tag: TAG,
      auth: 'api-key',
      scope: 'integrations:read',
      coalesce: true,
      handler: async (req, _res, send) => {
        const page = parsePagination(req.query, PAGE);
        const accountId = authOf(req).account.id;
        const [rows, total] = await listIntegrations(ctx.db, accountId, page);
        send(200, { integrations: rows.map((i) => integrationView(i, box, ctx.config.baseUrl)), pagination: paginationBody(page, total) });
      },
      docs: {
        query: paginationParams(PAGE),
        responses: {
          200: { description: 'A page', schema: Type.Object({ integrations: Type.Array(IntegrationSchema), pagination: PaginationSchema }) },
          400: { description: 'Invalid page or per_page' },
        },
      },
    }),
    route({
      method: 'post',
      path: '/api/v1/integrations',
      summary: "Create an integration; a webhook's signing secret is generated when not given and shown only in this answer",
      tag: TAG,
      auth: 'api-key',
      scope: 'integrations:write',
      handler: async (req, _res, send) => {
        const { integration, reveal, secret } = await createIntegration(ctx, box, auditActor(req, ctx.clock), req.body);
        send(201, {
          integration: integrationView(integration, box, ctx.config.baseUrl, reveal),
          ...(secret !== undefined ? { secret } : {}),
          message:
            secret !== undefined ? 'Integration created. Store the signing secret now: it is not shown again.' : 'Integration created',
        });
      },
      docs: {
        body: createIntegrationBody,
        responses: {
          201: {
            description: 'Created',
            schema: Type.Object({
              integration: IntegrationSchema,
              secret: Type.Optional(Type.String({ description: 'Webhook signing secret, shown once' })),
              message: Type.String({ examples: ['Integration created'] }),
            }),
          },
          400: { description: 'Invalid type, name, config, events or scope' },
        },
      },
    }),
    route({
      method: 'get',
      path: '/api/v1/integrations/:id',
      summary: 'One integration (secrets masked)',
      tag: TAG,
      auth: 'api-key',
      scope: 'integrations:read',
      coalesce: true,
      handler: async (req, _res, send) => {
        const accountId = authOf(req).account.id;
        const id = parseId(req.params.id, INTEGRATION_NOT_FOUND);
        send(200, { integration: integrationView(await findOwnIntegration(ctx, accountId, String(id)), box, ctx.config.baseUrl) });
      },
      docs: { responses: { 200: { description: 'The integration', schema: ONE }, ...NOT_FOUND } },
    }),
    update('put'),
    update('patch'),
    route({
      method: 'delete',
      path: '/api/v1/integrations/:id',
      summary: 'Delete an integration (pending retries stop)',
      tag: TAG,
      auth: 'api-key',
      scope: 'integrations:write',
      handler: async (req, _res, send) => {
        const accountId = authOf(req).account.id;
        const integration = await findOwnIntegration(ctx, accountId, req.params.id);
        // One statement: the DELETE and its entry.
        await recordAuditAlong(ctx.db.manager, auditActor(req, ctx.clock), [{ resource: 'integration', id: integration.id, action: 'delete', before: integration }], [deleteIntegrationStatement(accountId, integration.id)]);
        send(200, { message: 'Integration deleted', deleted_integration_id: integration.id });
      },
      docs: { responses: { 200: { description: 'Deleted', schema: Type.Object({ message: Type.String({ examples: ['Integration deleted'] }), deleted_integration_id: Type.Integer() }) }, ...NOT_FOUND } },
    }),
    route({
      method: 'post',
      path: '/api/v1/integrations/:id/test',
      summary: 'Deliver a `test` event now (one attempt, no retry) and answer with that attempt',
      tag: TAG,
      auth: 'api-key',
      before: [attemptLimit(ctx, 'integration-test')],
      scope: 'integrations:write',
      handler: async (req, res, send) => {
        const integration = await findOwnIntegration(ctx, authOf(req).account.id, req.params.id);
        yieldSlot(res);
        const attempt = await sendTestDelivery(ctx, integration);
        await recordAudit(ctx.db.manager, auditActor(req, ctx.clock), [{ resource: 'integration', id: integration.id, action: 'test' }]);
        answerAttempt(send, attempt, { queued: 'Test delivery queued', delivered: 'Test event delivered', failed: 'Test delivery failed' });
      },
      docs: {
        responses: {
          200: { description: 'The attempt, delivered or failed', schema: AttemptSchema },
          202: { description: 'No notifier finished the attempt within 15 s; it is still pending', schema: AttemptSchema },
          ...NOT_FOUND,
          429: ATTEMPT_LIMIT_DOC,
        },
      },
    }),
    route({
      method: 'get',
      path: '/api/v1/integrations/:id/deliveries',
      summary: 'Delivery log: every attempt, newest first',
      tag: TAG,
      auth: 'api-key',
      scope: 'integrations:read',
      coalesce: true,
      handler: async (req, _res, send) => {
        const accountId = authOf(req).account.id;
        const id = parseId(req.params.id, INTEGRATION_NOT_FOUND);
        let query: { page: PageRequest; filters: DeliveryFilters };
        try {
          query = { page: parsePagination(req.query, PAGE), filters: validateQuery(DELIVERY_FILTERS, req.query) };
        } catch (invalid) {
          // Another account's integration stays a 404 whatever the query says (as before the merged read).
          await findOwnIntegration(ctx, accountId, req.params.id);
          throw invalid;
        }
        const { page, filters } = query;
        // One statement: the ownership check and the page (deliveryLogOfAccount).
        const log = await deliveryLogOfAccount(ctx.db, accountId, id, filters, page);
        if (!log) throw new NotFoundError(INTEGRATION_NOT_FOUND);
        const [rows, total] = log;
        send(200, { integration_id: id, deliveries: rows.map(deliveryView), pagination: paginationBody(page, total) });
      },
      docs: {
        query: {
          ...paginationParams(PAGE),
          ...queryFields(DELIVERY_FILTERS),
        },
        responses: {
          200: {
            description: 'A page of attempts',
            schema: Type.Object({ integration_id: Type.Integer(), deliveries: Type.Array(DeliverySchema), pagination: PaginationSchema }),
          },
          400: { description: 'Invalid page, per_page, status or event' },
          ...NOT_FOUND,
        },
      },
    }),
    route({
      method: 'post',
      path: '/api/v1/integrations/:id/rotate-secret',
      summary: 'Give a webhook a new signing secret (shown once); the old one keeps signing during the overlap',
      tag: TAG,
      auth: 'api-key',
      scope: 'integrations:write',
      handler: async (req, _res, send) => {
        // The locked read is the ownership check (404 before the body's 400, as before).
        const { integration, secret } = await rotateWebhookSecret(ctx, box, auditActor(req, ctx.clock), req.params.id, req.body);
        send(200, {
          integration: integrationView(integration, box, ctx.config.baseUrl, ['secret']),
          secret,
          previous_secret_expires_at: integration.previousSecretExpiresAt?.toISOString() ?? null,
          message: 'Secret rotated; store the new secret now, it is not shown again',
        });
      },
      docs: {
        body: rotateSecretBody,
        responses: {
          200: {
            description: 'Rotated',
            schema: Type.Object({
              integration: IntegrationSchema,
              secret: Type.String(),
              previous_secret_expires_at: DateTimeOrNull({ description: 'Until when the previous secret also signs; null without an overlap' }),
              message: Type.String({ examples: ['Secret rotated; store the new secret now, it is not shown again'] }),
            }),
          },
          400: { description: 'Invalid overlap_seconds, or the integration is not a webhook' },
          ...NOT_FOUND,
        },
      },
    }),
    route({
      method: 'post',
      path: '/api/v1/integrations/:id/deliveries/:delivery_id/redeliver',
      summary: 'Send a delivery again now: one more attempt of it (same body and X-Vigil-Delivery, new signatures), no retry',
      tag: TAG,
      auth: 'api-key',
      before: [attemptLimit(ctx, 'integration-redeliver')],
      scope: 'integrations:write',
      handler: async (req, res, send) => {
        const integration = await findOwnIntegration(ctx, authOf(req).account.id, req.params.id);
        yieldSlot(res);
        const attempt = await redeliver(ctx, integration, req.params.delivery_id);
        await recordAudit(ctx.db.manager, auditActor(req, ctx.clock), [{ resource: 'integration', id: integration.id, action: 'redeliver' }]);
        answerAttempt(send, attempt, { queued: 'Redelivery queued', delivered: 'Redelivered', failed: 'Redelivery failed' });
      },
      docs: {
        responses: {
          200: { description: 'The new attempt, delivered or failed', schema: AttemptSchema },
          202: { description: 'No notifier finished the attempt within 15 s; it is still pending', schema: AttemptSchema },
          404: { description: 'Integration not found, or Delivery not found (delivery_id is the id of a delivery\'s first attempt)' },
          429: ATTEMPT_LIMIT_DOC,
        },
      },
    }),
  ];
}
