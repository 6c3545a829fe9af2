import { Type, type Static } from '@sinclair/typebox';
import { DateTime } from '../schema/typebox-helpers.js';

/**
 * The agent protocol's lease answer (docs/agents.md), defined once: the API serialises and
 * documents `POST /api/v1/agent/leases` with these schemas, and `vigil agent` reads its answers
 * as these types.
 */

export const AgentLeaseSchema = Type.Object({
  lease_id: Type.String({ description: 'Post the result under this id (idempotent)' }),
  monitor_id: Type.Integer(),
  run_key: Type.String({ description: 'The run (`repeat:monitor-<id>:<due ms>`): every location of the monitor checks the same run' }),
  due_at: DateTime(),
  expires_at: DateTime({ description: 'Past this (API clock), the run is leased again, to this or another agent' }),
  sealed_target: Type.String({ description: 'The probe target (credentials included) sealed to the location: AES-256-GCM under a key derived from the agent key (docs/agents.md)' }),
});

export const LeaseAnswerSchema = Type.Object({
  location: Type.Object({ id: Type.Integer(), name: Type.String(), allowed_cidrs: Type.Array(Type.String()) }),
  leases: Type.Array(AgentLeaseSchema),
});

/** One leased run as an agent receives it: the target sealed to the key it authenticated with. */
export type AgentLease = Static<typeof AgentLeaseSchema>;
/** A poll's answer: the location (its guard policy) and the leases. */
export type LeaseAnswer = Static<typeof LeaseAnswerSchema>;
