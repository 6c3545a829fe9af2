import Joi from 'joi';
import {
  ALL_SCOPES,
  apiKeyOfAccount,
  apiKeysOfAccount,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  ValidationError,
  bumpAuthStamp,
  heldScopes,
  issueApiKeyAudited,
  recordAudit,
  rotateApiKeyAudited,
  scopeBeyond,
  revokeApiKeyOfAccountAudited,
  type ApiKey,
  type Context,
  type Scope,
} from '@vigil/core';
import { auditActor } from '../audit/audit-actor.js';
import { withPendingUse } from '../auth/key-use.js';
import { INSUFFICIENT_SCOPE } from '../middleware/require-scope.js';
import { ReadCoalescer } from '../http/read-coalescer.js';
import { authOf } from '../http/request-auth.js';
import { parseId, trimmedString, validate } from '../http/validate.js';
import { route, type RouteDef } from '../http/route.js';
import {
  ApiKeyAnswerSchema,
  ApiKeyCreatedSchema,
  ApiKeyListSchema,
  ApiKeyRevokedSchema,
  ApiKeyRotatedSchema,
  apiKeyView,
  type ApiKeyView,
  issuedApiKeyView,
} from '../api-keys/api-key.schema.js';

const INVALID_EXPIRES_AT = 'Invalid expires_at: must be an ISO 8601 timestamp';

/** joi's isoDate takes impossible days (2099-02-30) that Date silently rolls over. */
function realCalendarDay(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (!m) return true;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const probe = new Date(Date.UTC(2000, 0, 1));
  probe.setUTCFullYear(year, month - 1, day);
  return probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
}

const INVALID_SCOPES = `Invalid scopes: must be a non-empty list of ${ALL_SCOPES.join(', ')}`;

const createBody = Joi.object<{ name: string; expires_at?: string | null; scopes?: Scope[] }>({
  name: trimmedString(100).required(),
  scopes: Joi.array()
    .items(Joi.string().valid(...ALL_SCOPES))
    .min(1)
    .max(ALL_SCOPES.length)
    .unique()
    .error(new ValidationError(INVALID_SCOPES))
    .description('What the key may do: `<family>:read`, `<family>:write` (write implies read), `*:read` or `*`; absent: the creating key\'s own scopes. Never more than the creating key holds.'),
  expires_at: Joi.string()
    .isoDate()
    .custom((v: string, helpers) => (realCalendarDay(v) ? v : helpers.error('any.invalid')))
    .allow(null)
    .error(new ValidationError(INVALID_EXPIRES_AT))
    .description('When the key stops working (ISO 8601, in the future); null or absent: never'),
}).example({ name: 'CI deploys', scopes: ['monitors:write', 'domains:read'], expires_at: '2030-01-01T00:00:00Z' });

/** 403 Insufficient scope unless the caller's key holds everything `requested` grants. */
function refuseEscalation(caller: ApiKey, requested: readonly Scope[]): void {
  const missing = scopeBeyond(heldScopes(caller.scopes), requested);
  if (missing) throw new ForbiddenError(INSUFFICIENT_SCOPE, { required: missing });
}

async function findOwnKey(ctx: Context, accountId: number, rawId: string | string[] | number | undefined): Promise<ApiKey> {
  const id = typeof rawId === 'number' ? rawId : parseId(rawId, 'API key not found');
  const key = await apiKeyOfAccount(ctx.db, accountId, id);
  if (!key) throw new NotFoundError('API key not found');
  return key;
}

export function apiKeyRoutes(ctx: Context): RouteDef[] {
  // Overlapping lists of one account share one read, each still one that started after it arrived.
  const lists = new ReadCoalescer<{ api_keys: ApiKeyView[]; total: number }>();
  const listKeys = async (accountId: number) => {
    // Uses still in Redis (flushed every VIGIL_USAGE_FLUSH_MS) count: the figures are current.
    const list = await withPendingUse(ctx, await apiKeysOfAccount(ctx.db, accountId));
    return { api_keys: list.map(apiKeyView), total: list.length };
  };
  return [
    route({
      method: 'get',
      path: '/api/v1/api-keys',
      summary: 'List the account\'s API keys (never their secrets; revoked keys stay listed)',
      tag: 'API keys',
      auth: 'api-key',
      scope: 'keys:read',
      handler: async (req, _res, send) => {
        const { id } = authOf(req).account;
        send(200, await lists.read(String(id), () => listKeys(id)));
      },
      docs: { responses: { 200: { description: 'The keys', schema: ApiKeyListSchema } } },
    }),
    route({
      method: 'post',
      path: '/api/v1/api-keys',
      summary: 'Create an API key; the secret is in `key` and is shown only this once',
      tag: 'API keys',
      auth: 'api-key',
      scope: 'keys:write',
      handler: async (req, _res, send) => {
        const body = validate(createBody, req.body);
        const expiresAt = body.expires_at ? new Date(body.expires_at) : null;
        if (expiresAt && expiresAt.getTime() <= ctx.clock.now().getTime()) {
          throw new ValidationError('Invalid expires_at: must be in the future');
        }
        const { apiKey: caller } = authOf(req);
        const scopes = body.scopes ?? heldScopes(caller.scopes);
        refuseEscalation(caller, scopes);
        // One statement: the key and its entry (issueApiKeyAudited).
        const { key, secret } = await issueApiKeyAudited(ctx.db, auditActor(req, ctx.clock), { name: body.name, expiresAt, scopes });
        send(201, { api_key: issuedApiKeyView(key), key: secret, message: 'API key created. Store the key now: it is not shown again.' });
      },
      docs: {
        body: createBody,
        responses: {
          201: { description: 'Created', schema: ApiKeyCreatedSchema },
          400: { description: 'Invalid name, scopes or expires_at' },
          403: { description: '`Insufficient scope`: `scopes` grant more than the calling key holds; `required` names a scope it lacks' },
        },
      },
    }),
    route({
      method: 'get',
      path: '/api/v1/api-keys/:id',
      summary: 'One API key',
      tag: 'API keys',
      auth: 'api-key',
      scope: 'keys:read',
      coalesce: true,
      handler: async (req, _res, send) => {
        const accountId = authOf(req).account.id;
        const id = parseId(req.params.id, 'API key not found');
        const [key] = await withPendingUse(ctx, [await findOwnKey(ctx, accountId, id)]);
        send(200, { api_key: apiKeyView(key) });
      },
      docs: { responses: { 200: { description: 'The key', schema: ApiKeyAnswerSchema }, 404: { description: 'API key not found' } } },
    }),
    route({
      method: 'delete',
      path: '/api/v1/api-keys/:id',
      summary: 'Revoke an API key (takes effect on the next request)',
      tag: 'API keys',
      auth: 'api-key',
      scope: 'keys:write',
      handler: async (req, _res, send) => {
        const id = parseId(req.params.id, 'API key not found');
        const actor = auditActor(req, ctx.clock);
        // One statement for a live key of the account: the revocation and its entry.
        let key = await revokeApiKeyOfAccountAudited(ctx.db.manager, actor, id, ctx.clock.now());
        if (key) await bumpAuthStamp(ctx, key.accountId);
        else {
          // Missing or another account's: 404; revoked already: nothing to write.
          key = await findOwnKey(ctx, authOf(req).account.id, id);
          await recordAudit(ctx.db.manager, actor, []);
        }
        send(200, { message: 'API key revoked', revoked_key_id: key.id, api_key: apiKeyView(key) });
      },
      docs: { responses: { 200: { description: 'Revoked', schema: ApiKeyRevokedSchema }, 404: { description: 'API key not found' } } },
    }),
    route({
      method: 'post',
      path: '/api/v1/api-keys/:id/rotate',
      summary: 'Issue a new secret for a key and revoke the old one',
      tag: 'API keys',
      auth: 'api-key',
      scope: 'keys:write',
      handler: async (req, _res, send) => {
        const accountId = authOf(req).account.id;
        const old = await findOwnKey(ctx, accountId, req.params.id);
        // A new secret of a key that can do more than the caller would be an escalation.
        refuseEscalation(authOf(req).apiKey, heldScopes(old.scopes));
        if (old.revokedAt) throw new ConflictError('API key is revoked');
        // The new key keeps the expiry: an expired key would give a key that never works.
        if (old.expiresAt && old.expiresAt.getTime() <= ctx.clock.now().getTime()) throw new ConflictError('API key is expired');
        // One statement: the old key revoked (unless a concurrent request did), the new one
        // issued, and their 'revoke' and 'rotate' entries (rotateApiKeyAudited).
        const rotated = await rotateApiKeyAudited(ctx.db, auditActor(req, ctx.clock), old, heldScopes(old.scopes), ctx.clock.now());
        if (!rotated) throw new ConflictError('API key is revoked');
        const { key, secret } = rotated;
        await bumpAuthStamp(ctx, accountId);
        send(201, { api_key: issuedApiKeyView(key), key: secret, rotated_key_id: old.id, message: 'API key rotated. The old key no longer works.' });
      },
      docs: {
        responses: {
          201: { description: 'The new key and its secret', schema: ApiKeyRotatedSchema },
          403: { description: '`Insufficient scope`: the key to rotate holds a scope the calling key lacks (`required`)' },
          404: { description: 'API key not found' },
          409: { description: 'API key is revoked, or API key is expired' },
        },
      },
    }),
  ];
}
