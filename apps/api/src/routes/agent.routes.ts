import { Type } from '@sinclair/typebox';
import { ForbiddenError, LeaseAnswerSchema, type Context } from '@vigil/core';
import { agentOf } from '../http/request-auth.js';
import { route, type RouteDef } from '../http/route.js';
import { StringEnum } from '../http/schema.js';
import { validate } from '../http/validate.js';
import { ErrorSchema } from '../http/error.schema.js';
import { DEFAULT_WAIT_SECONDS, leaseRequestBody, resultsBody } from '../locations/agent-input.js';
import { acceptResult } from '../locations/accept-results.js';
import { leaseRuns } from '../locations/lease-runs.js';

export const FORGED_LOCATION = "Result location does not match the agent key's location";

const ResultsSchema = Type.Object({
  results: Type.Array(
    Type.Object({
      lease_id: Type.String(),
      status: StringEnum(['accepted', 'duplicate', 'unknown_lease', 'rejected'] as const, {
        description:
          '`accepted`: queued for recording; `duplicate`: this lease\'s result was accepted before; `unknown_lease`: not a lease of this location (or older than a day); `rejected`: its time is outside the lease\'s window',
      }),
    }),
  ),
});

/** The agent protocol (docs/agents.md): an agent of a private location leases due runs and posts their results, authenticated by its location's key. */
export function agentRoutes(ctx: Context): RouteDef[] {
  return [
    route({
      method: 'post',
      path: '/api/v1/agent/leases',
      summary: 'Lease due checks of the agent\'s location (long poll)',
      tag: 'Agent protocol',
      auth: 'agent-key',
      // Counted with the agent-key stamp read (authenticateAgent).
      ownBurst: true,
      handler: async (req, res, send) => {
        const body = validate(leaseRequestBody, req.body);
        const owner = agentOf(req);
        let gone = false;
        res.on('close', () => (gone = true));
        const leases = await leaseRuns(ctx, owner, {
          agentId: body.agent_id,
          version: body.version,
          max: body.max ?? 10,
          waitMs: (body.wait_seconds ?? DEFAULT_WAIT_SECONDS) * 1000,
          gone: () => gone,
        });
        const { id, name, allowedCidrs } = owner.location;
        send(200, { location: { id, name, allowed_cidrs: allowedCidrs }, leases });
      },
      docs: {
        body: leaseRequestBody,
        responses: { 200: { description: 'The leases (none when nothing fell due while waiting), and the location\'s guard policy', schema: LeaseAnswerSchema } },
      },
    }),
    route({
      method: 'post',
      path: '/api/v1/agent/results',
      summary: 'Post results of leased checks (idempotent by lease id)',
      tag: 'Agent protocol',
      auth: 'agent-key',
      // Counted with the agent-key stamp read (authenticateAgent).
      ownBurst: true,
      handler: async (req, _res, send) => {
        const body = validate(resultsBody, req.body);
        const owner = agentOf(req);
        // The region of a check is the key's location: a result claiming another is refused whole.
        if (body.results.some((r) => r.location !== undefined && r.location !== owner.location.name)) throw new ForbiddenError(FORGED_LOCATION);
        // Each result is its own lease (independent Redis keys and job ids): accepted side by side (at most 100).
        const statuses = await Promise.all(body.results.map((posted) => acceptResult(ctx, owner, posted)));
        send(200, { results: body.results.map((posted, i) => ({ lease_id: posted.lease_id, status: statuses[i] })) });
      },
      docs: {
        body: resultsBody,
        responses: {
          200: { description: 'What became of each result, in order', schema: ResultsSchema },
          403: { description: `${FORGED_LOCATION}: nothing of the request is recorded`, schema: ErrorSchema },
        },
      },
    }),
  ];
}
