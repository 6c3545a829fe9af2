import { regionLiveness, type Context } from '@vigil/core';
import { Type } from '@sinclair/typebox';
import { route, type RouteDef } from '../http/route.js';
import { DateTimeOrNull } from '../http/schema.js';

const RegionSchema = Type.Object({
  name: Type.String({ description: 'Region name (VIGIL_REGION of its checkers)' }),
  live_checkers: Type.Integer({ description: 'Checkers whose heartbeat has not expired (they report every 5 s; one report counts for 15 s)' }),
  last_heartbeat: DateTimeOrNull({ description: "The newest heartbeat ever received from the region (its checker's clock); null: never" }),
  default: Type.Boolean({ description: 'One of the regions a new monitor gets when it names none (VIGIL_DEFAULT_REGIONS)' }),
});

/** GET /api/v1/regions: the known regions (configured, or ever reported from) with their checker liveness. */
export function regionRoutes(ctx: Context): RouteDef[] {
  return [
    route({
      method: 'get',
      path: '/api/v1/regions',
      summary: 'Regions checks run from: live checker count and last heartbeat of each',
      tag: 'Regions',
      auth: 'api-key',
      scope: 'monitors:read',
      coalesce: true,
      handler: async (_req, _res, send) => {
        const regions = await regionLiveness(ctx.redis, ctx.config.redisPrefix, ctx.config.knownRegions);
        send(200, {
          regions: regions.map((r) => ({
            name: r.name,
            live_checkers: r.liveCheckers,
            last_heartbeat: r.lastHeartbeatAt,
            default: ctx.config.defaultRegions.includes(r.name),
          })),
        });
      },
      docs: {
        responses: {
          200: {
            description:
              'Every region a monitor may name: configured (VIGIL_REGIONS, VIGIL_DEFAULT_REGIONS) or ever reported from. A region without live checkers is skipped in rounds (named in a warning), never counted as failing',
            schema: Type.Object({ regions: Type.Array(RegionSchema) }),
          },
        },
      },
    }),
  ];
}
