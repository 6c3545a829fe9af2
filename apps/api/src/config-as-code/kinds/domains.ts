import {
  ConflictError,
  createdDomainChange,
  deleteDomainDeliveries,
  deleteDomainsOfAccount,
  Domain,
  domainScheduleChange,
  entitiesRead,
  insertDomain,
  insertScan,
  mapRead,
  updateDomainOfAccount,
  ValidationError,
  writeScheduleChanges,
  type Account,
  type Context,
  type MonitoringFrequency,
  type Read,
} from '@vigil/core';
import type { EntityManager } from 'typeorm';
import { validate } from '../../http/validate.js';
import { DOMAIN_EXISTS } from '../../domains/create-domain.js';
import { createDomainBody, DOMAIN_DEFAULTS, type CreateDomainInput } from '../../domains/domain-input.js';
import { assertFrequencyAllowed } from '../../domains/frequency-policy.js';
import { requireOwnedHostname } from '../../domains/require-owned-hostname.js';
import { applyScheduleNow } from '../../schedules/apply-schedule-now.js';
import { isUniqueViolation } from '../../domains/unique-violation.js';
import type { Spec } from '../document.js';
import { inField } from '../error-path.js';
import { oneByOne, type Current, type KindAdapter } from './kind.js';

type DomainSpec = Required<CreateDomainInput>;

/** The create body with its defaults; `scan_frequency`, the deprecated alias, read as the create endpoint reads it. */
function inputOf(fields: Record<string, unknown>): DomainSpec {
  const { scan_frequency: alias, ...value } = validate(createDomainBody, fields);
  if (alias !== undefined && value.monitoring_frequency !== undefined && value.monitoring_frequency !== alias) {
    throw new ValidationError('monitoring_frequency and scan_frequency differ: send monitoring_frequency only (scan_frequency is deprecated)');
  }
  const frequency: MonitoringFrequency = value.monitoring_frequency ?? alias ?? DOMAIN_DEFAULTS.monitoring_frequency;
  return { ...DOMAIN_DEFAULTS, ...value, monitoring_frequency: frequency };
}

function columnsOf(spec: DomainSpec): Partial<Domain> {
  return {
    port: spec.port,
    monitoringFrequency: spec.monitoring_frequency,
    notificationsEnabled: spec.notifications_enabled,
    alertDaysBeforeExpiry: spec.alert_days_before_expiry,
  };
}

async function uniqueDomain<T>(spec: DomainSpec, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (isUniqueViolation(e)) throw new ConflictError(DOMAIN_EXISTS, { hostname: spec.hostname, port: spec.port });
    throw e;
  }
}

/** The columns a domain's spec is made of. */
const SPEC_PROPERTIES = ['id', 'hostname', 'port', 'monitoringFrequency', 'notificationsEnabled', 'alertDaysBeforeExpiry'] as const;

/** Monitored domains (TLS and header scans). The hostname is the domain: another one is another entry. */
export const domainKind: KindAdapter = {
  kind: 'domain',
  schema: createDomainBody,
  refFields: [],
  mapRefs: (spec) => spec,

  async desired(ctx: Context, account: Account, fields: Record<string, unknown>, current: Current | undefined): Promise<Spec> {
    const spec = inputOf(fields);
    if (current && current.spec.hostname !== spec.hostname) {
      throw new ValidationError('Invalid hostname: the hostname of a domain cannot be changed (declare the new one under another key)');
    }
    if (!current) await inField('hostname', () => requireOwnedHostname(ctx, account, spec.hostname));
    if (current?.spec.monitoring_frequency !== spec.monitoring_frequency) {
      await inField('monitoring_frequency', () => assertFrequencyAllowed(account.tier, ctx.config.tiers[account.tier], spec.monitoring_frequency, ctx.config.baseUrl));
    }
    return { ...spec };
  },

  read(_ctx: Context, em: EntityManager, accountId: number): Read<Current[]> {
    // Plain SQL of the spec's columns, hydrated as find does (entitiesRead): find's query building was most of the read's CPU.
    return mapRead(entitiesRead(em, Domain, SPEC_PROPERTIES, 'account_id = $1 ORDER BY id', [accountId]), (domains) =>
      domains.map((d) => ({
        id: d.id,
        spec: { hostname: d.hostname, port: d.port, monitoring_frequency: d.monitoringFrequency, notifications_enabled: d.notificationsEnabled, alert_days_before_expiry: d.alertDaysBeforeExpiry },
      })),
    );
  },

  masked: (spec) => spec,

  ...oneByOne({
    async create(ctx, em, account, raw) {
      const spec = inputOf(raw);
      const domain = await uniqueDomain(spec, () =>
        insertDomain(em, { accountId: account.id, hostname: spec.hostname, ...columnsOf(spec), isActive: true, sslGrade: null, sslScore: null }),
      );
      const scan = await insertScan(em, { accountId: account.id, domainId: domain.id, hostname: domain.hostname, port: domain.port, trigger: 'initial' }, ctx.clock.now());
      await writeScheduleChanges(em, [createdDomainChange(domain.id, scan.id)]);
      return { id: domain.id, after: [() => applyScheduleNow(ctx, [{ kind: 'domain', id: domain.id }])] };
    },

    async update(ctx, em, account, { current, spec: raw }) {
      const spec = inputOf(raw);
      await uniqueDomain(spec, () => updateDomainOfAccount(em, account.id, current.id, columnsOf(spec)));
      await writeScheduleChanges(em, [domainScheduleChange(current.id)]);
      return [() => applyScheduleNow(ctx, [{ kind: 'domain', id: current.id }])];
    },

    async remove(ctx, em, account, current) {
      await deleteDomainsOfAccount(em, account.id, [current.id]);
      await deleteDomainDeliveries(em, account.id, [current.id]);
      await writeScheduleChanges(em, [domainScheduleChange(current.id)]);
      return [() => applyScheduleNow(ctx, [{ kind: 'domain', id: current.id }])];
    },
  }),
};
