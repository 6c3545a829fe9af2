import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  bumpAgentKeyStamp,
  clearLocation,
  createSecretBox,
  findOwnLocation,
  listLocations,
  locationDelete,
  locationKeyRotation,
  locationOfRow,
  locationRoom,
  newLocation,
  ownLocationWithMonitors,
  recordAuditAlong,
  writeAudited,
  type Context,
  type LocationRow,
  type StoredLocationRow,
} from '@vigil/core';
import { auditActor } from '../audit/audit-actor.js';
import { authOf } from '../http/request-auth.js';
import { parseId, validate } from '../http/validate.js';
import { route, type RouteDef } from '../http/route.js';
import { ErrorSchema } from '../http/error.schema.js';
import { isUniqueViolation } from '../monitors/monitor-columns.js';
import { knownRegions } from '../monitors/region-policy.js';
import { locationDetail } from '../locations/location-detail.js';
import {
  DEFAULT_OFFLINE_AFTER_SECONDS,
  DEFAULT_OVERLAP_SECONDS,
  MAX_LOCATIONS_PER_ACCOUNT,
  createLocationBody,
  rotateKeyBody,
} from '../locations/location-input.js';
import {
  LocationAnswerSchema,
  LocationCreatedSchema,
  LocationDeletedSchema,
  LocationKeyRotatedSchema,
  LocationInUseSchema,
  LocationListSchema,
  privateLocationView,
  publicLocationView,
} from '../locations/location.schema.js';

const NOT_FOUND = 'Location not found';

async function findOwn(ctx: Context, accountId: number, rawId: string | string[] | undefined): Promise<LocationRow> {
  const location = await findOwnLocation(ctx.db, accountId, parseId(rawId, NOT_FOUND));
  if (!location) throw new NotFoundError(NOT_FOUND);
  return location;
}

/**
 * /api/v1/locations (docs/agents.md): the public regions and the account's private locations.
 * Scope family `monitors` (a location is where monitors are checked from, as /regions is).
 */
export function locationRoutes(ctx: Context): RouteDef[] {
  const box = createSecretBox(ctx.config.secretKey);
  return [
    route({
      method: 'get',
      path: '/api/v1/locations',
      summary: 'Where checks run from: the public regions and the account\'s private locations',
      tag: 'Locations',
      auth: 'api-key',
      scope: 'monitors:read',
      coalesce: true,
      handler: async (req, _res, send) => {
        const [regions, own] = await Promise.all([knownRegions(ctx), listLocations(ctx.db, authOf(req).account.id)]);
        const locations = [...regions.map(publicLocationView), ...own.map(privateLocationView)];
        send(200, { locations, total: locations.length });
      },
      docs: { responses: { 200: { description: 'Public regions first (by name), then private locations (oldest first)', schema: LocationListSchema } } },
    }),
    route({
      method: 'post',
      path: '/api/v1/locations',
      summary: 'Create a private location; its agent key is in `agent_key` and is shown only this once',
      tag: 'Locations',
      auth: 'api-key',
      scope: 'monitors:write',
      handler: async (req, _res, send) => {
        const body = validate(createLocationBody, req.body);
        const accountId = authOf(req).account.id;
        if ((await knownRegions(ctx)).includes(body.name)) throw new ConflictError('Location name is taken by a public region');
        // The count and the new row's id in one statement; the row and its entry in another.
        const room = await locationRoom(ctx.db, accountId, MAX_LOCATIONS_PER_ACCOUNT);
        if (!room.next) throw new ForbiddenError(`Location limit reached (${MAX_LOCATIONS_PER_ACCOUNT} per account)`);
        const created = newLocation(box, room.next, {
          accountId,
          name: body.name,
          allowedCidrs: body.allowed_cidrs ?? [],
          offlineAfterSeconds: body.offline_after_seconds ?? DEFAULT_OFFLINE_AFTER_SECONDS,
        });
        await recordAuditAlong(ctx.db.manager, auditActor(req, ctx.clock), [{ resource: 'location', id: created.location.id, action: 'create', after: privateLocationView(created.location) }], [
          created.insert,
        ]).catch((e: unknown) => {
          throw isUniqueViolation(e) ? new ConflictError('Location name already exists') : e;
        });
        send(201, {
          location: privateLocationView(created.location),
          agent_key: created.agentKey,
          message: 'Location created. Store the agent key now: it is not shown again.',
        });
      },
      docs: {
        body: createLocationBody,
        responses: {
          201: { description: 'Created', schema: LocationCreatedSchema },
          400: { description: 'Invalid name, allowed_cidrs or offline_after_seconds' },
          403: { description: `Location limit reached (${MAX_LOCATIONS_PER_ACCOUNT} per account)`, schema: ErrorSchema },
          409: { description: 'Location name already exists; Location name is taken by a public region' },
        },
      },
    }),
    route({
      method: 'get',
      path: '/api/v1/locations/:id',
      summary: 'One private location with its agents (version, last poll, connected) and lease backlog',
      tag: 'Locations',
      auth: 'api-key',
      scope: 'monitors:read',
      coalesce: true,
      handler: async (req, _res, send) => {
        send(200, { location: await locationDetail(ctx, await findOwn(ctx, authOf(req).account.id, req.params.id)) });
      },
      docs: { responses: { 200: { description: 'The location', schema: LocationAnswerSchema }, 404: { description: NOT_FOUND } } },
    }),
    route({
      method: 'delete',
      path: '/api/v1/locations/:id',
      summary: 'Delete a private location (its agent keys stop at once); refused while monitors name it',
      tag: 'Locations',
      auth: 'api-key',
      scope: 'monitors:write',
      handler: async (req, _res, send) => {
        const accountId = authOf(req).account.id;
        // The location and the monitors naming it in one statement; the delete and its entry in another.
        const found = await ownLocationWithMonitors(ctx.db, accountId, parseId(req.params.id, NOT_FOUND));
        if (!found) throw new NotFoundError(NOT_FOUND);
        const { location, monitorIds } = found;
        if (monitorIds.length) throw new ConflictError('Location is used by monitors', { monitor_ids: monitorIds });
        const deleted = await writeAudited(ctx.db.manager, auditActor(req, ctx.clock), { resource: 'location', id: location.id, action: 'delete', before: privateLocationView(location) }, locationDelete(accountId, location.id));
        if (!deleted.length) throw new NotFoundError(NOT_FOUND);
        // Its key stops in every API process on the next poll.
        await bumpAgentKeyStamp(ctx.redis, ctx.config);
        await clearLocation(ctx.redis, ctx.config.redisPrefix, location.id);
        send(200, { message: 'Location deleted', deleted_location_id: location.id });
      },
      docs: {
        responses: {
          200: { description: 'Deleted', schema: LocationDeletedSchema },
          404: { description: NOT_FOUND },
          409: { description: '`Location is used by monitors`, with `monitor_ids` (up to 100): take the location out of their `regions` first', schema: LocationInUseSchema },
        },
      },
    }),
    route({
      method: 'post',
      path: '/api/v1/locations/:id/rotate-key',
      summary: 'Issue a new agent key; the previous one keeps working for `overlap_seconds` (default 3600)',
      tag: 'Locations',
      auth: 'api-key',
      scope: 'monitors:write',
      handler: async (req, _res, send) => {
        const body = validate(rotateKeyBody, req.body);
        const accountId = authOf(req).account.id;
        const id = parseId(req.params.id, NOT_FOUND);
        const now = ctx.clock.now();
        const overlapUntil = new Date(now.getTime() + (body.overlap_seconds ?? DEFAULT_OVERLAP_SECONDS) * 1000);
        // One statement: the new key on the account's location and the entry (none when it is not the account's: 404).
        const rotation = locationKeyRotation(box, accountId, id, now, overlapUntil);
        const [row] = await writeAudited<StoredLocationRow>(ctx.db.manager, auditActor(req, ctx.clock), { resource: 'location', id, action: 'rotate' }, rotation.update);
        if (!row) throw new NotFoundError(NOT_FOUND);
        // The old key is the previous one from now on, in every API process.
        await bumpAgentKeyStamp(ctx.redis, ctx.config);
        send(201, {
          location: privateLocationView(locationOfRow(row)),
          agent_key: rotation.agentKey,
          message: 'Agent key rotated. The previous key works until previous_key_expires_at.',
        });
      },
      docs: {
        body: rotateKeyBody,
        responses: {
          201: { description: 'The new key, shown only this once', schema: LocationKeyRotatedSchema },
          400: { description: 'Invalid overlap_seconds' },
          404: { description: NOT_FOUND },
        },
      },
    }),
  ];
}
