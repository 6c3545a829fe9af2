import { Type, type Static } from '@sinclair/typebox';
import { AUDIT_ACTIONS } from '@vigil/core';
import { component } from '../http/components.js';
import { DateTime, MapOf, Nullable, StringEnum } from '../http/schema.js';

/** Any JSON value as it was stored (a field's value before or after). */
const AnyValue = Type.Unsafe<unknown>({ description: 'The value (secrets masked as ****; long text cut at 500 characters)' });

export const AuditEntrySchema = component('AuditEntry', Type.Object({
  id: Type.String({ description: 'Increasing with time; unique' }),
  created_at: DateTime(),
  key: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() }), { description: 'The key that made the change; null for an operator (vigil CLI)' }),
  ip: Nullable(Type.String(), { description: 'The client IP of the request' }),
  resource: Type.Object({ type: Type.String({ examples: ['monitor'] }), id: Type.String({ examples: ['42'] }) }),
  action: StringEnum(AUDIT_ACTIONS),
  changes: MapOf(Type.Object({ before: AnyValue, after: AnyValue }), {
    description: 'Per field that changed: its value before and after (null where absent: every field of a create has before null, of a delete after null)',
    examples: [{ name: { before: 'shop', after: 'shop eu' }, alert_threshold: { before: 2, after: 5 }, credentials: { before: '****', after: '****' } }],
  }),
}));

export const AuditLogSchema = Type.Object({
  entries: Type.Array(AuditEntrySchema, { description: 'Newest first' }),
  pagination: Type.Object({
    per_page: Type.Integer(),
    has_next: Type.Boolean(),
    next_cursor: Nullable(Type.String(), { description: 'Pass as `cursor` for the next (older) page; null on the last page' }),
  }),
});

export type AuditLogBody = Static<typeof AuditLogSchema>;
