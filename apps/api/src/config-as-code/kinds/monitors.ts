import {
  alreadyMonitoredMessage,
  ConflictError,
  createdMonitorChange,
  createSecretBox,
  deleteMonitorRows,
  entitiesRead,
  insertMonitorsSkippingTaken,
  lockMonitorsOfAccount,
  maskMonitorHeaders,
  mapRead,
  maskMonitorUrl,
  Monitor,
  monitorColumnsUpdate,
  monitorScheduleChange,
  openMonitorSecretsOrDrop,
  parseMonitorUrl,
  restoreEchoedMasks,
  ValidationError,
  writeScheduleChanges,
  type Account,
  type Context,
  type MonitorType,
  type NewMonitorColumns,
  type Read,
  type SecretBox,
  type TypedMonitorConfig,
} from '@vigil/core';
import type { EntityManager } from 'typeorm';
import { validate } from '../../http/validate.js';
import { createHeartbeat, rescheduleHeartbeat } from '../../heartbeats/heartbeat-store.js';
import { assertIntervalAllowed } from '../../monitors/interval-policy.js';
import { isUniqueViolation, monitorColumns, typedConfigColumns } from '../../monitors/monitor-columns.js';
import { canonicalFields, createMonitorSchema, monitorDefaults, MONITOR_INPUT_MESSAGES, type CreateMonitorInput } from '../../monitors/monitor-input.js';
import { typedConfigOfCreate } from '../../monitors/monitor-type-input.js';
import { resolveRegions } from '../../monitors/region-policy.js';
import { applyCommittedMonitorSchedules, removeDeletedMonitorSchedules } from '../../monitors/schedule-effects.js';
import { sameJson } from '../canonical-json.js';
import type { Spec } from '../document.js';
import { atPath, inField } from '../error-path.js';
import { rememberedByJson } from '../remembered.js';
import { yieldEvery } from '../yield-to-loop.js';
import { bumpPingTokenStamp } from '../../heartbeats/ping-tokens.js';
import { mapList, type AfterCommit, type Change, type Creation, type Current, type KindAdapter, type RefMapper } from './kind.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * An entry (or spec) checked as a create body, and its type's configuration: it depends on the
 * fields alone, so it is remembered by them (frozen, shared).
 */
const checkedCreate = rememberedByJson((fields: Record<string, unknown>): { input: CreateMonitorInput; typed: TypedMonitorConfig | null } => {
  const input = canonicalFields(validate(createMonitorSchema, fields));
  return { input, typed: typedConfigOfCreate(input) };
});

/** The columns a monitor's spec is made of (every type's). */
const SPEC_PROPERTIES = [
  'id',
  'name',
  'type',
  'checkInterval',
  'timeout',
  'alertThreshold',
  'degradedThresholdMs',
  'sloTarget',
  'recoveryThreshold',
  'reminderIntervalMinutes',
  'escalation',
  'regions',
  'minFailingRegions',
  'config',
  'url',
  'headers',
  'credentials',
  'method',
  'expectedStatusCodes',
  'expectedContent',
  'body',
  'followRedirects',
  'verifySsl',
  'assertions',
] as const;

/** A monitor as its spec reads it. */
type SpecColumns = Pick<Monitor, (typeof SPEC_PROPERTIES)[number]>;

/** The configuration every type shares, as a create body names it. */
function commonSpec(m: SpecColumns): Spec {
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
function specOf(m: SpecColumns, box: SecretBox): Spec {
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
    const { input, typed } = checkedCreate(fields);
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

  read(ctx: Context, em: EntityManager, accountId: number): Read<Current[]> {
    // Plain SQL of the spec's columns, hydrated as find does (entitiesRead): find's query building was most of the read's CPU.
    return mapRead(entitiesRead(em, Monitor, SPEC_PROPERTIES, 'account_id = $1 ORDER BY id', [accountId]), (monitors) => {
      const box = createSecretBox(ctx.config.secretKey);
      return monitors.map((m) => ({ id: m.id, spec: specOf(m, box) }));
    });
  },

  masked(spec: Spec): Spec {
    const out = { ...spec };
    if (typeof out.url === 'string') out.url = maskMonitorUrl(out.url);
    if (isObject(out.headers)) out.headers = maskMonitorHeaders(Object.fromEntries(Object.entries(out.headers).map(([k, v]) => [k, String(v)])));
    return out;
  },

  async create(ctx: Context, em: EntityManager, account: Account, entries: readonly Creation[]): Promise<{ ids: number[]; after: AfterCommit[] }> {
    if (!entries.length) return { ids: [], after: [] };
    const box = createSecretBox(ctx.config.secretKey);
    const rows: NewRow[] = [];
    for (const [i, e] of entries.entries()) {
      await yieldEvery(i);
      rows.push(await atPath(e.path, async () => newRow(ctx, account, box, e)));
    }
    const inserted = await insertMonitorsSkippingTaken(em, rows.map((r) => r.columns));
    const ids: number[] = [];
    const claimed = new Set<number>();
    for (const row of rows) {
      const id = inserted.get(row.columns.normalizedUrl);
      // Its target was taken: by an existing monitor, or by an entry before it in the document.
      if (id === undefined || claimed.has(id)) return atPath(row.path, () => Promise.reject(new ConflictError(alreadyMonitoredMessage(row.type))));
      ids.push(id);
      claimed.add(id);
      if (row.type === 'heartbeat') await createHeartbeat(ctx, em, { id, type: row.type, config: row.columns.config ?? null, resumedAt: null }, ctx.clock.now());
    }
    const changes = rows.map((r, k) => createdMonitorChange({ id: ids[k], checkInterval: r.columns.checkInterval }));
    const outbox = await writeScheduleChanges(em, changes);
    return { ids, after: [() => applyCommittedMonitorSchedules(ctx, changes.map((c) => ({ id: c.id, firstCheck: c.firstCheck })), outbox)] };
  },

  async update(ctx: Context, em: EntityManager, account: Account, entries: readonly Change[]): Promise<AfterCommit[]> {
    if (!entries.length) return [];
    const box = createSecretBox(ctx.config.secretKey);
    const ids = entries.map((e) => e.current.id);
    const locked = new Map((await lockMonitorsOfAccount(em, account.id, ids)).map((m) => [m.id, m]));
    const changed: { id: number; before: number; after: number }[] = [];
    for (const e of entries) {
      await atPath(e.path, async () => {
        const monitor = locked.get(e.current.id);
        if (!monitor) throw new Error(`config apply: monitor ${e.current.id} of the plan is gone`);
        const { input, typed } = checkedCreate(e.spec);
        const columns: Partial<Monitor> = {
          ...monitorColumns(input, box, monitor),
          ...(typed ? typedConfigColumns(typed) : {}),
          regions: input.regions ?? ctx.config.defaultRegions,
          minFailingRegions: input.min_failing_regions ?? null,
        };
        const before = { checkInterval: monitor.checkInterval, regions: monitor.regions };
        // One UPDATE of the columns that differ, as plain SQL (a save would read the row again
        // first; TypeORM's update built its query, a twentieth of an apply's CPU); none when
        // none differs, as for a PUT. It assigns the columns to `monitor`.
        const update = monitorColumnsUpdate(monitor, columns);
        if (update) await uniqueTarget(monitor.type, () => em.query(update.sql, [...update.params]));
        if (typed) await rescheduleHeartbeat(em, { id: monitor.id, type: monitor.type, config: monitor.config, resumedAt: monitor.resumedAt });
        // Its buckets follow its interval and regions only: an update that keeps both (a rename)
        // leaves the schedule as it is, as a PUT that sends neither does (no outbox row, no
        // Redis work after the commit: most of an apply's round trips).
        if (monitor.checkInterval !== before.checkInterval || !sameJson(monitor.regions, before.regions)) {
          changed.push({ id: monitor.id, before: before.checkInterval, after: monitor.checkInterval });
        }
      });
    }
    if (!changed.length) return [];
    const outbox = await writeScheduleChanges(em, changed.map((c) => monitorScheduleChange({ id: c.id, checkInterval: c.after }, { checkInterval: c.before })));
    return [() => applyCommittedMonitorSchedules(ctx, changed, outbox)];
  },

  async remove(ctx: Context, em: EntityManager, account: Account, objects: readonly Current[]): Promise<AfterCommit[]> {
    if (!objects.length) return [];
    await deleteMonitorRows(em, account.id, objects.map((o) => o.id));
    const deleted = objects.map((o) => ({ id: o.id, checkInterval: Number(o.spec.check_interval) }));
    const outbox = await writeScheduleChanges(em, deleted.map((d) => monitorScheduleChange(d)));
    // A deleted heartbeat monitor's ping token is unknown from the next ping on, in every process.
    const tokens = objects.some((o) => o.spec.type === 'heartbeat') ? [() => bumpPingTokenStamp(ctx)] : [];
    return [...tokens, () => removeDeletedMonitorSchedules(ctx, deleted, outbox)];
  },
};

/** A monitor to insert: its columns, its type and where its entry is. */
interface NewRow {
  path: string;
  type: MonitorType;
  columns: NewMonitorColumns & { regions: string[]; checkInterval: number };
}

function newRow(ctx: Context, account: Account, box: SecretBox, e: Creation): NewRow {
  const { input, typed } = checkedCreate(e.spec);
  const type = typed ? typed.type : 'http';
  const columns = { ...monitorColumns({ ...monitorDefaults(type), ...input }, box), ...(typed ? typedConfigColumns(typed) : {}) };
  if (columns.normalizedUrl === undefined) throw new Error('config apply: a monitor without a target key');
  if (columns.checkInterval === undefined) throw new Error('config apply: a monitor without an interval');
  return {
    path: e.path,
    type,
    columns: {
      ...columns,
      normalizedUrl: columns.normalizedUrl,
      checkInterval: columns.checkInterval,
      regions: input.regions ?? ctx.config.defaultRegions,
      minFailingRegions: input.min_failing_regions ?? null,
      accountId: account.id,
      status: 'pending',
      isActive: true,
    },
  };
}

/** A write that takes a target another monitor of the account has: the type's 409 (the transaction is over: no lookup of which). */
async function uniqueTarget<T>(type: MonitorType, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (isUniqueViolation(e)) throw new ConflictError(alreadyMonitoredMessage(type));
    throw e;
  }
}
