import Joi from 'joi';
import {
  DomainVerification,
  NotFoundError,
  checkVerification,
  outboundPolicy,
  policyResolver,
  startVerification,
  verificationRecordName,
  verificationRecordValue,
  type Context,
} from '@vigil/core';
import { hostnameField } from '../domains/domain-input.js';
import { iso } from '../http/iso.js';
import { authOf } from '../http/request-auth.js';
import { route, type RouteDef } from '../http/route.js';
import { parseId, validate } from '../http/validate.js';

const NOT_FOUND = 'Verification not found';

const createBody = Joi.object<{ hostname: string }>({ hostname: hostnameField.required() }).example({ hostname: 'shop.example.com' });

function view(v: DomainVerification) {
  return {
    id: v.id,
    hostname: v.hostname,
    method: v.method,
    record_name: verificationRecordName(v.hostname),
    record_value: verificationRecordValue(v.token),
    status: v.status,
    verified_at: iso(v.verifiedAt),
    last_checked_at: iso(v.lastCheckedAt),
    created_at: iso(v.createdAt),
  };
}

const VERIFICATION_SCHEMA = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    hostname: { type: 'string' },
    method: { type: 'string', enum: ['dns_txt', 'manual'] },
    record_name: { type: 'string', description: '_vigil-challenge.<hostname>' },
    record_value: { type: 'string', description: 'vigil-verification=<token>' },
    status: { type: 'string', enum: ['pending', 'verified'] },
    verified_at: { type: ['string', 'null'], format: 'date-time' },
    last_checked_at: { type: ['string', 'null'], format: 'date-time' },
    created_at: { type: 'string', format: 'date-time' },
  },
};

async function findOwn(ctx: Context, accountId: number, rawId: string | string[] | undefined): Promise<DomainVerification> {
  const id = parseId(rawId, NOT_FOUND);
  const v = await ctx.db.getRepository(DomainVerification).findOneBy({ id, accountId });
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
      handler: async (req, res) => {
        const { hostname } = validate(createBody, req.body);
        const { verification, created } = await startVerification(ctx.db.manager, authOf(req).account.id, hostname);
        res.status(created ? 201 : 200).json({
          verification: view(verification),
          message: `Publish a TXT record ${verificationRecordName(hostname)} with the value ${verificationRecordValue(verification.token)}, then POST /api/v1/verifications/${verification.id}/check`,
        });
      },
      docs: {
        body: createBody,
        responses: {
          201: { description: 'A new pending DNS TXT challenge', schema: { type: 'object', properties: { verification: VERIFICATION_SCHEMA, message: { type: 'string' } } } },
          200: { description: 'The account already has a verification of this hostname: it is returned as is' },
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
      handler: async (req, res) => {
        const list = await ctx.db.getRepository(DomainVerification).find({ where: { accountId: authOf(req).account.id }, order: { id: 'ASC' } });
        res.json({ verifications: list.map(view), total: list.length });
      },
      docs: { responses: { 200: { description: 'The verifications', schema: { type: 'object', properties: { verifications: { type: 'array', items: VERIFICATION_SCHEMA }, total: { type: 'integer' } } } } } },
    }),
    route({
      method: 'get',
      path: '/api/v1/verifications/:id',
      summary: 'One domain verification',
      tag,
      auth: 'api-key',
      handler: async (req, res) => {
        res.json({ verification: view(await findOwn(ctx, authOf(req).account.id, req.params.id)) });
      },
      docs: { responses: { 200: { description: 'The verification', schema: { type: 'object', properties: { verification: VERIFICATION_SCHEMA } } }, 404: { description: NOT_FOUND } } },
    }),
    route({
      method: 'post',
      path: '/api/v1/verifications/:id/check',
      summary: 'Look the TXT record up now (through VIGIL_DNS_SERVERS when set)',
      tag,
      auth: 'api-key',
      handler: async (req, res) => {
        const v = await findOwn(ctx, authOf(req).account.id, req.params.id);
        const resolver = policyResolver(outboundPolicy(ctx.config));
        const { verification, detail } = await checkVerification(ctx.db.manager, resolver, v, ctx.clock.now());
        res.json({
          verification: view(verification),
          message: verification.status === 'verified' ? `${verification.hostname} is verified` : (detail ?? 'TXT record not found yet'),
        });
      },
      docs: {
        responses: {
          200: { description: '{verification{..., status: verified|pending, verified_at}, message}', schema: { type: 'object', properties: { verification: VERIFICATION_SCHEMA, message: { type: 'string' } } } },
          404: { description: NOT_FOUND },
        },
      },
    }),
  ];
}
