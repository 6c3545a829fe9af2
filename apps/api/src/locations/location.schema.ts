import { Type, type Static } from '@sinclair/typebox';
import type { AgentPresence, LocationRow } from '@vigil/core';
import { component } from '../http/components.js';
import { iso } from '../http/iso.js';
import { DateTime, DateTimeOrNull, Nullable, StringEnum } from '../http/schema.js';

const LOCATION_FIELDS = {
  id: Nullable(Type.Integer(), { description: "The private location's id; null for a public region" }),
    name: Type.String({ description: 'What monitors name in `regions`, and what their checks carry in `region`' }),
    kind: StringEnum(['public', 'private'] as const, { description: '`public`: a region run by the operator; `private`: a location of this account, checked by its own agents' }),
    allowed_cidrs: Type.Array(Type.String(), { description: 'Private networks the location\'s agents may reach (public addresses always); empty for public regions' }),
    key_prefix: Nullable(Type.String(), { description: 'First 8 characters of the current agent key (private locations)' }),
    offline_after_seconds: Nullable(Type.Integer(), {
      description: 'After this long without a polling agent `location.offline` is sent, once, and `location.online` when one polls again (private locations)',
    }),
    created_at: DateTimeOrNull(),
    key_rotated_at: DateTimeOrNull(),
    previous_key_expires_at: DateTimeOrNull({ description: 'Until when the key before the last rotation still works' }),
};

export const LocationSchema = component('Location', Type.Object(LOCATION_FIELDS));
export type LocationView = Static<typeof LocationSchema>;

const AgentSchema = Type.Object({
  id: Type.String({ description: 'The id the agent chose for itself (per process)' }),
  version: Type.String(),
  last_poll: DateTime(),
  connected: Type.Boolean({ description: 'Polled within the last 60 s' }),
});

export const LocationDetailSchema = component(
  'LocationDetail',
  Type.Object({
    ...LOCATION_FIELDS,
    status: StringEnum(['online', 'offline', 'never_connected'] as const, {
      description: '`online`: an agent polled within the last 60 s; `offline`: none did; `never_connected`: no agent ever polled',
    }),
    connected_agents: Type.Integer(),
    last_poll: DateTimeOrNull({ description: 'The newest poll of any agent' }),
    agents: Type.Array(AgentSchema, { description: 'Agents seen in the last day, newest poll first' }),
    backlog: Type.Object({
      due: Type.Integer({ description: 'Runs due and waiting for an agent' }),
      leased: Type.Integer({ description: 'Runs leased to an agent and not answered yet' }),
    }),
  }),
);

export function privateLocationView(l: LocationRow): LocationView {
  return {
    id: l.id,
    name: l.name,
    kind: 'private',
    allowed_cidrs: l.allowedCidrs,
    key_prefix: l.keyPrefix,
    offline_after_seconds: l.offlineAfterSeconds,
    created_at: l.createdAt.toISOString(),
    key_rotated_at: iso(l.keyRotatedAt),
    previous_key_expires_at: iso(l.previousKeyExpiresAt),
  };
}

export function publicLocationView(name: string): LocationView {
  return { id: null, name, kind: 'public', allowed_cidrs: [], key_prefix: null, offline_after_seconds: null, created_at: null, key_rotated_at: null, previous_key_expires_at: null };
}

export function agentView(a: AgentPresence, connectedMs: number, nowMs: number): Static<typeof AgentSchema> {
  return { id: a.agentId, version: a.version, last_poll: new Date(a.lastPollMs).toISOString(), connected: nowMs - a.lastPollMs <= connectedMs };
}

export const LocationListSchema = Type.Object({ locations: Type.Array(LocationSchema), total: Type.Integer() });
export const LocationAnswerSchema = Type.Object({ location: LocationDetailSchema });
export const LocationCreatedSchema = Type.Object({
  location: LocationSchema,
  agent_key: Type.String({ description: 'The agent key (VIGIL_AGENT_KEY of `vigil agent`), shown only this once' }),
  message: Type.String({ examples: ['Location created. Store the agent key now: it is not shown again.'] }),
});
export const LocationKeyRotatedSchema = Type.Object({
  location: LocationSchema,
  agent_key: Type.String({ description: 'The new agent key, shown only this once' }),
  message: Type.String({ examples: ['Agent key rotated. The previous key works until previous_key_expires_at.'] }),
});
export const LocationDeletedSchema = Type.Object({
  message: Type.String({ examples: ['Location deleted'] }),
  deleted_location_id: Type.Integer(),
});

export const LocationInUseSchema = Type.Object(
  {
    error: Type.String({ examples: ['Location is used by monitors'] }),
    monitor_ids: Type.Array(Type.Integer(), { description: 'Monitors that name the location (up to 100)' }),
  },
  { additionalProperties: false },
);
