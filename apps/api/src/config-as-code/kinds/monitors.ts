import {
  alreadyMonitoredMessage,
  ConflictError,
  createSecretBox,
  maskMonitorHeaders,
  maskMonitorUrl,
  Monitor,
  monitorScheduleChange,
  openMonitorSecretsOrDrop,
  parseMonitorUrl,
  restoreEchoedMasks,
  ValidationError,
  writeScheduleChanges,
  type Account,
  type Context,
  type MonitorType,
} from '@vigil/core';
import type { EntityManager } from 'typeorm';
import { validate } from '../../http/validate.js';
import { createHeartbeat, rescheduleHeartbeat } from '../../heartbeats/heartbeat-store.js';
import { assertIntervalAllowed } from '../../monitors/interval-policy.js';
import { isUniqueViolation, monitorColumns, typedConfigColumns } from '../../monitors/monitor-columns.js';
import { canonicalFields, createMonitorSchema, monitorDefaults, MONITOR_INPUT_MESSAGES, type CreateMonitorInput } from '../../monitors/monitor-input.js';
import { typedConfigOfCreate } from '../../monitors/monitor-type-input.js';
import { resolveRegions } from '../../monitors/region-policy.js';
import { checkNow } from '../../monitors/schedule-effects.js';
import { applyScheduleNow } from '../../schedules/apply-schedule-now.js';
import type { Spec } from '../document.js';
import { inField } from '../error-path.js';
import { mapList, type AfterCommit, type Current, type KindAdapter, type RefMapper } from './kind.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A spec is a create body: validated again to be typed (the values were checked when it was made). */
function inputOf(spec: Spec): CreateMonitorInput {
  return canonicalFields(validate(createMonitorSchema, spec));
}

/** The configuration every type shares, as a create body names it. */
function commonSpec(m: Monitor): Spec {
  return {
    name: m.name,
    type: m.type,
    check_interval: m.checkInterval,
    timeout: m.timeout,
    alert_threshold: m.alertThreshold,
    degraded_threshold_ms: m.degradedThresholdMs,
    slo_target: m.sloTarget,
    recovery_threshold: m.recoveryThreshold,
    reminder_interval_minutes: m.reminderIntervalMinutes,
    escalation: m.escalation,
    regions: m.regions,
    min_failing_regions: m.minFailingRegions,
  };
}

/** A monitor's spec: http by its own fields (URL credentials and header values in the clear), other types by config. */
function specOf(m: Monitor, box: ReturnType<typeof createSecretBox>): Spec {
  if (m.type !== 'http') return { ...commonSpec(m), config: m.config };
  const { url, headers } = openMonitorSecretsOrDrop(box, m);
  return {
    ...commonSpec(m),
    url,
    method: m.method,
    expected_status_codes: m.expectedStatusCodes,
    expected_content: m.expectedContent,
    headers,
    body: m.body,
    follow_redirects: m.followRedirects,
    verify_ssl: m.verifySsl,
    assertions: m.assertions,
  };
}

/** Monitors of every type; `escalation[].integration_ids` name integrations. */
export const monitorKind: KindAdapter = {
  kind: 'monitor',
  schema: createMonitorSchema,
  refFields: ['escalation'],

  mapRefs(spec: Spec, map: RefMapper): Spec {
    if (!Array.isArray(spec.escalation)) return spec;
    const escalation = spec.escalation.map((step: unknown) =>
      isObject(step) ? { ...step, integration_ids: mapList(step.integration_ids, 'integration', 'escalation', map) } : step,
    );
    return { ...spec, escalation };
  },

  async desired(ctx: Context, account: Account, fields: Record<string, unknown>, current: Current | undefined): Promise<Spec> {
    const input = canonicalFields(validate(createMonitorSchema, fields));
    const typed = typedConfigOfCreate(input);
    const type: MonitorType = typed ? typed.type : 'http';
    if (current && current.spec.type !== type) throw new ValidationError(MONITOR_INPUT_MESSAGES.typeChange);
    const all = { ...monitorDefaults(type), ...input };
    // Like an update: a downgraded account may keep the interval it has.
    if (current?.spec.check_interval !== all.check_interval) {
      await inField('check_interval', () => assertIntervalAllowed(ctx.config.tiers[account.tier], all.check_interval, ctx.config.baseUrl));
    }
    const placement = await inField('regions', () => resolveRegions(ctx, account, { regions: input.regions, min_failing_regions: input.min_failing_regions ?? null }));
    const common: Spec = {
      name: all.name,
      type,
      check_interval: all.check_interval,
      timeout: all.timeout,
      alert_threshold: all.alert_threshold,
      degraded_threshold_ms: all.degraded_threshold_ms,
      slo_target: all.slo_target,
      recovery_threshold: all.recovery_threshold,
      reminder_interval_minutes: all.reminder_interval_minutes,
      escalation: all.escalation,
      regions: placement.regions,
      min_failing_regions: placement.minFailingRegions,
    };
    if (typed) return { ...common, config: typed.config };
    const http = { ...monitorDefaults('http'), ...input };
    // Masks an export wrote mean "the current value" (as for PUT).
    const now = current?.spec.type === 'http' ? { url: String(current.spec.url), headers: current.spec.headers as Record<string, string> } : { url: '', headers: {} };
    const sent = restoreEchoedMasks({ url: input.url, headers: http.headers }, now);
    const parsed = parseMonitorUrl(sent.url ?? '');
    if (!parsed) throw new ValidationError(MONITOR_INPUT_MESSAGES.url);
    return {
      ...common,
      url: parsed.url,
      method: http.method,
      expected_status_codes: http.expected_status_codes,
      expected_content: http.expected_content,
      headers: sent.headers ?? {},
      body: http.body,
      follow_redirects: http.follow_redirects,
      verify_ssl: http.verify_ssl,
      assertions: http.assertions ?? [],
    };
  },

  async load(ctx: Context, em: EntityManager, accountId: number): Promise<Current[]> {
    const box = createSecretBox(ctx.config.secretKey);
    const rows = await em.getRepository(Monitor).find({ where: { accountId }, order: { id: 'ASC' } });
    return rows.map((m) => ({ id: m.id, spec: specOf(m, box) }));
  },

  masked(spec: Spec): Spec {
    const out = { ...spec };
    if (typeof out.url === 'string') out.url = maskMonitorUrl(out.url);
    if (isObject(out.headers)) out.headers = maskMonitorHeaders(Object.fromEntries(Object.entries(out.headers).map(([k, v]) => [k, String(v)])));
    return out;
  },

  async create(ctx: Context, em: EntityManager, account: Account, spec: Spec): Promise<{ id: number; after: AfterCommit[] }> {
    const input = inputOf(spec);
    const typed = typedConfigOfCreate(input);
    const repo = em.getRepository(Monitor);
    const columns = {
      ...monitorColumns({ ...monitorDefaults(typed ? typed.type : 'http'), ...input }, createSecretBox(ctx.config.secretKey)),
      ...(typed ? typedConfigColumns(typed) : {}),
      regions: input.regions ?? ctx.config.defaultRegions,
      minFailingRegions: input.min_failing_regions ?? null,
    };
    const saved = await uniqueTarget(typed ? typed.type : 'http', () => repo.save(repo.create({ ...columns, accountId: account.id, status: 'pending', isActive: true })));
    await createHeartbeat(ctx, em, saved, ctx.clock.now());
    await writeScheduleChanges(em, [monitorScheduleChange(saved)]);
    return { id: saved.id, after: [() => applyScheduleNow(ctx, [{ kind: 'monitor', id: saved.id }]), () => checkNow(ctx, saved, 'created')] };
  },

  async update(ctx: Context, em: EntityManager, account: Account, current: Current, spec: Spec): Promise<AfterCommit[]> {
    const repo = em.getRepository(Monitor);
    const monitor = await repo.findOneOrFail({ where: { id: current.id, accountId: account.id }, lock: { mode: 'pessimistic_write' } });
    const input = inputOf(spec);
    const typed = typedConfigOfCreate(input);
    const before = { checkInterval: monitor.checkInterval };
    Object.assign(monitor, monitorColumns(input, createSecretBox(ctx.config.secretKey), monitor), typed ? typedConfigColumns(typed) : {}, {
      regions: input.regions ?? ctx.config.defaultRegions,
      minFailingRegions: input.min_failing_regions ?? null,
    });
    const saved = await uniqueTarget(monitor.type, () => repo.save(monitor));
    if (typed) await rescheduleHeartbeat(em, saved);
    await writeScheduleChanges(em, [monitorScheduleChange(saved, before)]);
    return [() => applyScheduleNow(ctx, [{ kind: 'monitor', id: saved.id }])];
  },

  async remove(ctx: Context, em: EntityManager, account: Account, current: Current): Promise<AfterCommit[]> {
    await em.query('DELETE FROM monitors WHERE id = $1 AND account_id = $2', [current.id, account.id]);
    await writeScheduleChanges(em, [monitorScheduleChange({ id: current.id, checkInterval: Number(current.spec.check_interval) })]);
    return [() => applyScheduleNow(ctx, [{ kind: 'monitor', id: current.id }])];
  },
};

/** A write that takes a target another monitor of the account has: the type's 409 (the transaction is over: no lookup of which). */
async function uniqueTarget<T>(type: MonitorType, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (isUniqueViolation(e)) throw new ConflictError(alreadyMonitoredMessage(type));
    throw e;
  }
}
