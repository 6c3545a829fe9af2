import { Type, type Static } from '@sinclair/typebox';
import { ALL_SCOPES, heldScopes, type ApiKey } from '@vigil/core';
import { iso } from '../http/iso.js';
import { DateTime, DateTimeOrNull, Nullable, StringEnum } from '../http/schema.js';
import { component } from '../http/components.js';

export const ApiKeySchema = component('ApiKey', Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  prefix: Type.String({ description: 'First 8 characters of the secret' }),
  scopes: Type.Array(StringEnum(ALL_SCOPES), { description: 'What the key may do (`*`: everything, the default of keys made before scopes)' }),
  created_at: DateTime(),
  expires_at: DateTimeOrNull(),
  last_used_at: DateTimeOrNull({ description: 'Last use, to the minute' }),
  last_used_ip: Nullable(Type.String(), { description: 'The client IP of that use' }),
  revoked_at: DateTimeOrNull(),
}));
export type ApiKeyView = Static<typeof ApiKeySchema>;

/** A key just issued (created or rotated): never used, not revoked. */
export const IssuedApiKeySchema = Type.Omit(ApiKeySchema, ['last_used_at', 'last_used_ip', 'revoked_at']);

export function apiKeyView(k: ApiKey): ApiKeyView {
  return {
    id: k.id,
    name: k.name,
    prefix: k.prefix,
    scopes: heldScopes(k.scopes),
    created_at: k.createdAt.toISOString(),
    expires_at: iso(k.expiresAt),
    last_used_at: iso(k.lastUsedAt),
    last_used_ip: k.lastUsedIp,
    revoked_at: iso(k.revokedAt),
  };
}

export function issuedApiKeyView(k: ApiKey): Static<typeof IssuedApiKeySchema> {
  const { last_used_at: _l, last_used_ip: _i, revoked_at: _r, ...issued } = apiKeyView(k);
  return issued;
}

export const ApiKeyListSchema = Type.Object({ api_keys: Type.Array(ApiKeySchema), total: Type.Integer() });
export const ApiKeyAnswerSchema = Type.Object({ api_key: ApiKeySchema });
export const ApiKeyCreatedSchema = Type.Object({
  api_key: IssuedApiKeySchema,
  key: Type.String({ description: 'The secret, shown only this once' }),
  message: Type.String({ examples: ['API key created. Store the key now: it is not shown again.'] }),
});
export const ApiKeyRevokedSchema = Type.Object({
  message: Type.String({ examples: ['API key revoked'] }),
  revoked_key_id: Type.Integer(),
  api_key: ApiKeySchema,
});
export const ApiKeyRotatedSchema = Type.Object({
  api_key: IssuedApiKeySchema,
  key: Type.String({ description: 'The new secret, shown only this once' }),
  rotated_key_id: Type.Integer(),
  message: Type.String({ examples: ['API key rotated. The old key no longer works.'] }),
});
