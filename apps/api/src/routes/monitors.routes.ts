import { MONITOR_TYPE_SPECS, recordAudit, ValidationError, type Context } from '@vigil/core';
import { iso } from '../http/iso.js';
import { DateTimeOrNull } from '../http/schema.js';
import { Type } from '@sinclair/typebox';
import { authOf } from '../http/request-auth.js';
import { auditActor } from '../audit/audit-actor.js';
import { route, type RouteDef } from '../http/route.js';
import { parseId, validate } from '../http/validate.js';
import { heartbeatFields } from '../heartbeats/heartbeat-store.js';
import { createMonitor } from '../monitors/create-monitor.js';
import { deleteMonitor } from '../monitors/delete-monitor.js';
import { findOwnMonitor } from '../monitors/find-own-monitor.js';
import { paginationParams } from '../http/pagination.js';
import { queryFields } from '../http/joi-schema.js';
import { CheckTotals } from '../monitors/check-totals.js';
import { CHECK_LIST_DATES, CHECK_LIST_FILTERS, CHECK_LIST_PAGE, listChecks } from '../monitors/list-checks.js';
import { INCIDENT_LIST_DATES, INCIDENT_LIST_FILTERS, INCIDENT_LIST_PAGE, listIncidents } from '../monitors/list-incidents.js';
import { listMonitors, MONITOR_LIST_FILTERS, MONITOR_LIST_PAGE, monitorListReads } from '../monitors/list-monitors.js';
import type { RollupWindows } from '../monitors/rollup-totals.js';
import { ONLY_PRIVATE_LOCATIONS, PUSH_MONITOR_NOT_PROBED, runManualCheck } from '../monitors/manual-check.js';
import { yieldSlot } from '../middleware/key-fair-share.js';
import { monitorDetail } from '../monitors/monitor-detail.js';
import {
  assertObjectBody,
  canonicalFields,
  createMonitorSchema,
  MONITOR_INPUT_MESSAGES,
  updateMonitorSchema,
} from '../monitors/monitor-input.js';
import { acknowledgeIncident } from '../monitors/acknowledge-incident.js';
import { findOwnIncident } from '../monitors/find-own-incident.js';
import { createdMonitorView, incidentView } from '../monitors/monitor-views.js';
import {
  CheckListSchema,
  CreatedMonitorSchema,
  IncidentListSchema,
  IncidentSchema,
  ManualCheckSchema,
  MonitorConflictSchema,
  MonitorDetailSchema,
  MonitorListSchema,
  MonitorStatusSchema,
  UpdatedMonitorSchema,
  UptimeStatusSchema,
} from '../monitors/monitor.schema.js';
import { pauseMonitor, resumeMonitor } from '../monitors/pause-resume-monitor.js';
import { requireUptimeFeature } from '../monitors/require-uptime-feature.js';
import { updateMonitor } from '../monitors/update-monitor.js';
import { uptimeStatus } from '../monitors/uptime-status.js';

const TAG = 'Uptime monitors';
const BASE = '/api/v1/uptime/monitors';


const INCIDENT_NOT_FOUND_404 = { description: 'Monitor not found, or Incident not found (missing, another monitor\'s or another account\'s)' };

const FREE_TIER_403 = { description: 'Feature not available (plan below Pro)' };
const NOT_FOUND = { description: 'Monitor not found (missing or another account\'s)' };

const VALIDATION_400 = `One of: ${[
  ...Object.values(MONITOR_INPUT_MESSAGES),
  'Invalid {field}: not a field of {type} monitors (configure them in config)',
  ...Object.values(MONITOR_TYPE_SPECS).flatMap((spec) => Object.values(spec.messages)),
].join('; ')}`;

/**
 * The fields of an update. 404 before 400: a body refused for a monitor that is not the
 * caller's answers 404, so another account's monitor is never told apart by its validation
 * answers. The monitor is read only then: a valid update reads it once, under its lock.
 */
async function updateInput(ctx: Context, accountId: number, rawId: string | string[] | undefined, body: unknown) {
  try {
    assertObjectBody(body);
    const input = canonicalFields(validate(updateMonitorSchema, body));
    if (!Object.keys(input).length) throw new ValidationError(MONITOR_INPUT_MESSAGES.emptyUpdate);
    return input;
  } catch (e) {
    await findOwnMonitor(ctx.db, accountId, rawId);
    throw e;
  }
}

function updateRoute(ctx: Context, method: 'put' | 'patch'): RouteDef {
  return route({
    method,
    path: `${BASE}/:id`,
    summary: `Update a monitor (${method.toUpperCase()}; PUT and PATCH both apply the given fields only)`,
    tag: TAG,
    auth: 'api-key',
    scope: 'monitors:write',
    before: [requireUptimeFeature(ctx)],
    handler: async (req, _res, send) => {
      const { account } = authOf(req);
      const input = await updateInput(ctx, account.id, req.params.id, req.body);
      const monitor = await updateMonitor(ctx, account, auditActor(req, ctx.clock), req.params.id, input);
      send(200, { monitor, message: 'Monitor updated' });
    },
    docs: {
      body: updateMonitorSchema,
      responses: {
        200: {
          description: 'Updated: id, name, the fields given and updated_at',
          schema: Type.Object({ monitor: UpdatedMonitorSchema, message: Type.String({ examples: ['Monitor updated'] }) }),
        },
        400: { description: VALIDATION_400 },
        403: { description: 'Feature not available; Interval not allowed ({allowed_intervals, upgrade_url})' },
        404: NOT_FOUND,
        409: { description: 'URL already monitored (or the type\'s message), with the `monitor_id` that has it', schema: MonitorConflictSchema },
      },
    },
  });
}

export function monitorRoutes(ctx: Context, windows: RollupWindows): RouteDef[] {
  const gate = [requireUptimeFeature(ctx)];
  const listReads = monitorListReads(windows);
  const checkTotals = new CheckTotals(ctx);
  return [
    route({
      method: 'get',
      path: '/api/v1/uptime/status',
      summary: 'Aggregate status of the account\'s monitors: operational, degraded or outage',
      tag: TAG,
      auth: 'api-key',
      scope: 'monitors:read',
      coalesce: true,
      before: gate,
      handler: async (req, _res, send) => {
        send(200, await uptimeStatus(ctx, windows, authOf(req).account.id));
      },
      docs: {
        responses: {
          200: {
            description: 'outage when any active monitor is down, degraded when none is down and any is degraded or (multi-region monitors) failed in some regions but fewer than min_failing_regions in its latest round, else operational',
            schema: UptimeStatusSchema,
          },
          403: FREE_TIER_403,
        },
      },
    }),
    route({
      method: 'get',
      path: BASE,
      summary: 'List monitors with uptime over 24 h, 7 d and 30 d',
      tag: TAG,
      auth: 'api-key',
      scope: 'monitors:read',
      before: gate,
      handler: async (req, _res, send) => {
        send(200, await listMonitors(ctx, listReads, authOf(req).account.id, req.query));
      },
      docs: {
        query: { ...queryFields(MONITOR_LIST_FILTERS), ...paginationParams(MONITOR_LIST_PAGE) },
        responses: {
          200: {
            description: 'A page of monitors (oldest first); summary counts all of the account\'s monitors',
            schema: MonitorListSchema,
          },
          400: { description: 'Invalid status, page or per_page' },
          403: FREE_TIER_403,
        },
      },
    }),
    route({
      method: 'post',
      path: BASE,
      summary: 'Create a monitor; its first check runs shortly',
      tag: TAG,
      auth: 'api-key',
      scope: 'monitors:write',
      before: gate,
      handler: async (req, _res, send) => {
        assertObjectBody(req.body);
        const input = canonicalFields(validate(createMonitorSchema, req.body));
        const monitor = await createMonitor(ctx, authOf(req).account, auditActor(req, ctx.clock), input);
        send(201, { monitor: { ...createdMonitorView(monitor), ...(await heartbeatFields(ctx, ctx.db.manager, monitor)) }, message: 'Monitor created. The first check runs shortly.' });
      },
      docs: {
        body: createMonitorSchema,
        responses: {
          201: {
            description: 'Created (status pending); a heartbeat monitor with its ping_url',
            schema: Type.Object({ monitor: CreatedMonitorSchema, message: Type.String({ examples: ['Monitor created. The first check runs shortly.'] }) }),
          },
          400: { description: VALIDATION_400 },
          403: { description: 'Feature not available; Interval not allowed ({allowed_intervals, upgrade_url}); Monitor limit reached ({limit, current, remaining, tier, upgrade_url})' },
          409: {
            description: 'URL already monitored (http); TCP target already monitored (tcp: host, port, tls); DNS record already monitored (dns: name, record type, resolver); `monitor_id` names the monitor that has it',
            schema: MonitorConflictSchema,
          },
        },
      },
    }),
    route({
      method: 'get',
      path: `${BASE}/:id`,
      summary: 'A monitor in detail: configuration, last check, statistics, recent incidents',
      tag: TAG,
      auth: 'api-key',
      scope: 'monitors:read',
      coalesce: true,
      before: gate,
      handler: async (req, _res, send) => {
        send(200, { monitor: await monitorDetail(ctx, windows, authOf(req).account.id, req.params.id) });
      },
      docs: {
        responses: { 200: { description: 'The monitor', schema: Type.Object({ monitor: MonitorDetailSchema }) }, 403: FREE_TIER_403, 404: NOT_FOUND },
      },
    }),
    updateRoute(ctx, 'put'),
    updateRoute(ctx, 'patch'),
    route({
      method: 'delete',
      path: `${BASE}/:id`,
      summary: 'Delete a monitor with all its checks and incidents, and stop checking it (irreversible)',
      tag: TAG,
      auth: 'api-key',
      scope: 'monitors:write',
      before: gate,
      handler: async (req, _res, send) => {
        const id = await deleteMonitor(ctx, authOf(req).account, auditActor(req, ctx.clock), req.params.id);
        send(200, { message: 'Monitor deleted', deleted_monitor_id: id });
      },
      docs: {
        responses: {
          200: { description: 'Deleted', schema: Type.Object({ message: Type.String({ examples: ['Monitor deleted'] }), deleted_monitor_id: Type.Integer() }) },
          403: FREE_TIER_403,
          404: NOT_FOUND,
        },
      },
    }),
    route({
      method: 'post',
      path: `${BASE}/:id/pause`,
      summary: 'Pause a monitor (from any state; pausing again changes nothing)',
      tag: TAG,
      auth: 'api-key',
      scope: 'monitors:write',
      before: gate,
      handler: async (req, _res, send) => {
        const m = await pauseMonitor(ctx, authOf(req).account, auditActor(req, ctx.clock), req.params.id);
        send(200, { monitor: { id: m.id, status: m.status, paused_at: iso(m.pausedAt) }, message: 'Monitor paused' });
      },
      docs: {
        responses: {
          200: { description: 'Paused', schema: Type.Object({ monitor: Type.Object({ id: Type.Integer(), status: MonitorStatusSchema, paused_at: DateTimeOrNull() }), message: Type.String({ examples: ['Monitor paused'] }) }) },
          403: FREE_TIER_403,
          404: NOT_FOUND,
        },
      },
    }),
    route({
      method: 'post',
      path: `${BASE}/:id/resume`,
      summary: 'Resume a paused monitor: status up, and a check runs at once',
      tag: TAG,
      auth: 'api-key',
      scope: 'monitors:write',
      before: gate,
      handler: async (req, _res, send) => {
        const m = await resumeMonitor(ctx, authOf(req).account, auditActor(req, ctx.clock), req.params.id);
        send(200, { monitor: { id: m.id, status: m.status, resumed_at: iso(m.resumedAt) }, message: 'Monitor resumed' });
      },
      docs: {
        responses: {
          200: { description: 'Resumed', schema: Type.Object({ monitor: Type.Object({ id: Type.Integer(), status: MonitorStatusSchema, resumed_at: DateTimeOrNull() }), message: Type.String({ examples: ['Monitor resumed'] }) }) },
          403: FREE_TIER_403,
          404: NOT_FOUND,
          409: { description: 'Monitor is not paused' },
        },
      },
    }),
    route({
      method: 'get',
      path: `${BASE}/:id/checks`,
      summary: 'Check records of a monitor, newest first',
      tag: TAG,
      auth: 'api-key',
      scope: 'monitors:read',
      coalesce: true,
      before: gate,
      handler: async (req, _res, send) => {
        send(200, await listChecks(ctx, checkTotals, authOf(req).account.id, req.params.id, req.query));
      },
      docs: {
        query: {
          ...queryFields(CHECK_LIST_DATES),
          ...queryFields(CHECK_LIST_FILTERS),
          ...paginationParams(CHECK_LIST_PAGE),
        },
        responses: {
          200: { description: 'A page of checks', schema: CheckListSchema },
          400: { description: 'Invalid from_date, to_date, date range, status, page or per_page' },
          403: FREE_TIER_403,
          404: NOT_FOUND,
        },
      },
    }),
    route({
      method: 'get',
      path: `${BASE}/:id/incidents`,
      summary: 'Incidents of a monitor, newest first, with a 30-day summary',
      tag: TAG,
      auth: 'api-key',
      scope: 'monitors:read',
      coalesce: true,
      before: gate,
      handler: async (req, _res, send) => {
        send(200, await listIncidents(ctx, authOf(req).account.id, req.params.id, req.query));
      },
      docs: {
        query: { ...queryFields(INCIDENT_LIST_FILTERS), ...queryFields(INCIDENT_LIST_DATES), ...paginationParams(INCIDENT_LIST_PAGE) },
        responses: {
          200: {
            description: 'A page of incidents; the summary covers the last 30 days whatever the filters',
            schema: IncidentListSchema,
          },
          400: { description: 'Invalid status, from_date, to_date, date range, page or per_page' },
          403: FREE_TIER_403,
          404: NOT_FOUND,
        },
      },
    }),
    route({
      method: 'get',
      path: `${BASE}/:id/incidents/:incident_id`,
      summary: 'One incident of a monitor',
      tag: TAG,
      auth: 'api-key',
      scope: 'monitors:read',
      coalesce: true,
      before: gate,
      handler: async (req, _res, send) => {
        send(200, { incident: incidentView(await findOwnIncident(ctx.db, authOf(req).account.id, req.params.id, req.params.incident_id)) });
      },
      docs: {
        responses: { 200: { description: 'The incident', schema: Type.Object({ incident: IncidentSchema }) }, 403: FREE_TIER_403, 404: INCIDENT_NOT_FOUND_404 },
      },
    }),
    route({
      method: 'post',
      path: `${BASE}/:id/incidents/:incident_id/acknowledge`,
      summary: 'Acknowledge an open incident: no more reminders or escalation steps; records the API key name and time',
      tag: TAG,
      auth: 'api-key',
      scope: 'monitors:write',
      before: gate,
      handler: async (req, _res, send) => {
        const { incident, changed } = await acknowledgeIncident(ctx, auditActor(req, ctx.clock), authOf(req).apiKey.name, req.params.id, req.params.incident_id);
        send(200, { incident: incidentView(incident), message: changed ? 'Incident acknowledged' : 'Incident already acknowledged' });
      },
      docs: {
        responses: {
          200: {
            description: 'Acknowledged; acknowledging again answers the first acknowledgement unchanged',
            schema: Type.Object({ incident: IncidentSchema, message: Type.String({ examples: ['Incident acknowledged', 'Incident already acknowledged'] }) }),
          },
          403: FREE_TIER_403,
          404: INCIDENT_NOT_FOUND_404,
          409: { description: 'Incident is already resolved (and was never acknowledged)' },
        },
      },
    }),
    route({
      method: 'post',
      path: `${BASE}/:id/check`,
      summary: 'Run one check now through the checker fleet',
      tag: TAG,
      auth: 'api-key',
      scope: 'monitors:write',
      before: gate,
      handler: async (req, res, send) => {
        yieldSlot(res);
        const outcome = await runManualCheck(ctx, authOf(req).account.id, req.params.id);
        // A check asked for changes no setting; the entry says who made the target see a request.
        await recordAudit(ctx.db.manager, auditActor(req, ctx.clock), [{ resource: 'monitor', id: parseId(req.params.id, 'Monitor not found'), action: 'check' }]);
        if (outcome.done) {
          send(200, { check: outcome.check, ...(outcome.checks ? { checks: outcome.checks } : {}) });
          return;
        }
        send(202, {
          message: outcome.failed
            ? 'The check could not be completed; scheduled checks continue as usual'
            : 'Check queued; its result will appear in the checks list',
          job_id: outcome.jobId,
        });
      },
      docs: {
        responses: {
          200: {
            description:
              'The check record. A monitor with several regions is checked in one round across its regions with a live checker (judged by quorum like a scheduled round): `check` is the check of the default region if the monitor has it, else of its first region (else of the first that answered), and `checks` every region\'s check that answered in time',
            schema: Type.Object({
              check: ManualCheckSchema,
              checks: Type.Optional(
                Type.Array(ManualCheckSchema, {
                  description: 'Monitors with several regions only: the check of each region that answered within the timeout + 5 s, in the monitor\'s order of regions',
                }),
              ),
            }),
          },
          202: { description: 'No result within the monitor\'s timeout + 5 s', schema: Type.Object({ message: Type.String(), job_id: Type.String() }) },
          403: FREE_TIER_403,
          404: NOT_FOUND,
          409: { description: `Monitor is not active (is_active false); ${PUSH_MONITOR_NOT_PROBED}; ${ONLY_PRIVATE_LOCATIONS}` },
        },
      },
    }),
  ];
}
