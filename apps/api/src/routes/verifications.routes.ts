import Joi from 'joi';
import {
  NotFoundError,
  outboundPolicy,
  policyResolver,
  startVerificationAudited,
  updateAudited,
  verificationCheckOutcome,
  verificationRecordName,
  verificationOfAccount,
  verificationRecordValue,
  verificationsOfAccount,
  type Context,
  type DomainVerification,
} from '@vigil/core';
import { hostnameField } from '../domains/domain-input.js';
import { iso } from '../http/iso.js';
import { authOf } from '../http/request-auth.js';
import { auditActor } from '../audit/audit-actor.js';
import { Type, type Static } from '@sinclair/typebox';
import { route, type RouteDef } from '../http/route.js';
import { DateTime, DateTimeOrNull, StringEnum } from '../http/schema.js';
import { parseId, validate } from '../http/validate.js';

const NOT_FOUND = 'Verification not found';

const createBody = Joi.object<{ hostname: string }>({ hostname: hostnameField.required() }).example({ hostname: 'shop.example.com' });

const VerificationSchema = Type.Object({
  id: Type.Integer(),
  hostname: Type.String(),
  method: StringEnum(['dns_txt', 'manual']),
  record_name: Type.String({ description: '_vigil-challenge.<hostname>' }),
  record_value: Type.String({ description: 'vigil-verification=<token>' }),
  status: StringEnum(['pending', 'verified']),
  verified_at: DateTimeOrNull(),
  last_checked_at: DateTimeOrNull(),
  created_at: DateTime(),
});
const WithMessage = Type.Object({ verification: VerificationSchema, message: Type.String() });

function view(v: DomainVerification): Static<typeof VerificationSchema> {
  return {
    id: v.id,
    hostname: v.hostname,
    method: v.method,
    record_name: verificationRecordName(v.hostname),
    record_value: verificationRecordValue(v.token),
    status: v.status,
    verified_at: iso(v.verifiedAt),
    last_checked_at: iso(v.lastCheckedAt),
    created_at: v.createdAt.toISOString(),
  };
}

async function findOwn(ctx: Context, accountId: number, rawId: string | string[] | undefined): Promise<DomainVerification> {
  const id = parseId(rawId, NOT_FOUND);
  const v = await verificationOfAccount(ctx.db, accountId, id);
  if (!v) throw new NotFoundError(NOT_FOUND);
  return v;
}

export function verificationRoutes(ctx: Context): RouteDef[] {
  const tag = 'Domain verification';
  return [
    route({
      method: 'post',
      path: '/api/v1/verifications',
      summary: 'Start proving ownership of a hostname with a DNS TXT record (covers its subdomains once verified)',
      tag,
      auth: 'api-key',
      scope: 'domains:write',
      handler: async (req, _res, send) => {
        const { hostname } = validate(createBody, req.body);
        const actor = auditActor(req, ctx.clock);
        // Two statements, no transaction: the claim's id and time, then the claim with its entry.
        const { verification, created } = await startVerificationAudited(ctx.db.manager, actor, hostname);
        send(created ? 201 : 200, {
          verification: view(verification),
          message: `Publish a TXT record ${verificationRecordName(hostname)} with the value ${verificationRecordValue(verification.token)}, then POST /api/v1/verifications/${verification.id}/check`,
        });
      },
      docs: {
        body: createBody,
        responses: {
          201: { description: 'A new pending DNS TXT challenge', schema: WithMessage },
          200: { description: 'The account already has a verification of this hostname: it is returned as is', schema: WithMessage },
          400: { description: 'Invalid hostname' },
        },
      },
    }),
    route({
      method: 'get',
      path: '/api/v1/verifications',
      summary: "The account's domain verifications",
      tag,
      auth: 'api-key',
      scope: 'domains:read',
      coalesce: true,
      handler: async (req, _res, send) => {
        const list = await verificationsOfAccount(ctx.db, authOf(req).account.id);
        send(200, { verifications: list.map(view), total: list.length });
      },
      docs: { responses: { 200: { description: 'The verifications', schema: Type.Object({ verifications: Type.Array(VerificationSchema), total: Type.Integer() }) } } },
    }),
    route({
      method: 'get',
      path: '/api/v1/verifications/:id',
      summary: 'One domain verification',
      tag,
      auth: 'api-key',
      scope: 'domains:read',
      coalesce: true,
      handler: async (req, _res, send) => {
        send(200, { verification: view(await findOwn(ctx, authOf(req).account.id, req.params.id)) });
      },
      docs: { responses: { 200: { description: 'The verification', schema: Type.Object({ verification: VerificationSchema }) }, 404: { description: NOT_FOUND } } },
    }),
    route({
      method: 'post',
      path: '/api/v1/verifications/:id/check',
      summary: 'Look the TXT record up now (through VIGIL_DNS_SERVERS when set)',
      tag,
      auth: 'api-key',
      scope: 'domains:write',
      handler: async (req, _res, send) => {
        const v = await findOwn(ctx, authOf(req).account.id, req.params.id);
        const resolver = policyResolver(outboundPolicy(ctx.config));
        // The lookup is bounded by the resolver's timeout; then the row and its entry in one statement.
        const { changes, detail } = await verificationCheckOutcome(resolver, v, ctx.clock.now());
        const verification = await updateAudited(ctx.db.manager, auditActor(req, ctx.clock), v, changes ?? {}, { resource: 'verification', action: 'verify' });
        if (!verification) throw new NotFoundError(NOT_FOUND);
        send(200, {
          verification: view(verification),
          message: verification.status === 'verified' ? `${verification.hostname} is verified` : (detail ?? 'TXT record not found yet'),
        });
      },
      docs: {
        responses: {
          200: { description: '{verification{..., status: verified|pending, verified_at}, message}', schema: WithMessage },
          404: { description: NOT_FOUND },
        },
      },
    }),
  ];
}
