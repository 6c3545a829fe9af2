import type { Static } from '@sinclair/typebox';
import { AGENT_CONNECTED_MS, lastAgentPoll, leaseBacklog, locationAgents, type Context, type LocationRow } from '@vigil/core';
import { iso } from '../http/iso.js';
import { agentView, privateLocationView, type LocationDetailSchema } from './location.schema.js';

/** A private location with what its agents are doing: connected agents, versions, last poll, lease backlog. */
export async function locationDetail(ctx: Context, location: LocationRow): Promise<Static<typeof LocationDetailSchema>> {
  const nowMs = ctx.clock.now().getTime();
  const p = ctx.config.redisPrefix;
  const [agents, lastPoll, backlog] = await Promise.all([
    locationAgents(ctx.redis, p, location.id, nowMs),
    lastAgentPoll(ctx.redis, p, location.id),
    leaseBacklog(ctx.redis, p, location.id, nowMs),
  ]);
  const views = agents.map((a) => agentView(a, AGENT_CONNECTED_MS, nowMs));
  const connected = views.filter((a) => a.connected).length;
  return {
    ...privateLocationView(location),
    status: lastPoll === null ? 'never_connected' : connected ? 'online' : 'offline',
    connected_agents: connected,
    last_poll: iso(lastPoll === null ? null : new Date(lastPoll)),
    agents: views,
    backlog,
  };
}
