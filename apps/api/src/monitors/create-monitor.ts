import { alreadyMonitoredMessage, createSecretBox, Monitor, type Account, type Context } from '@vigil/core';
import { alreadyMonitoredError } from './already-monitored.js';
import { createHeartbeat } from '../heartbeats/heartbeat-store.js';
import { tierLimitError } from '../http/tier-limit.js';
import { assertOwnEscalation } from './escalation-integrations.js';
import { assertIntervalAllowed } from './interval-policy.js';
import { monitorDefaults, type CreateMonitorInput } from './monitor-input.js';
import { isUniqueViolation, monitorColumns, typedConfigColumns } from './monitor-columns.js';
import { typedConfigOfCreate } from './monitor-type-input.js';
import { applyMonitorSchedule, checkNow } from './schedule-effects.js';
import { resolveRegions } from './region-policy.js';

export const URL_ALREADY_MONITORED = alreadyMonitoredMessage('http');

/**
 * Creates a monitor (status pending, active) of its type with its scheduler, then queues its
 * first check. The monitor limit counts monitors of every type and is atomic: the account row is
 * locked, the monitors counted, and the row
 * inserted in one transaction, so concurrent creates at limit − 1 leave exactly one new monitor.
 */
export async function createMonitor(ctx: Context, account: Account, input: CreateMonitorInput): Promise<Monitor> {
  const tier = ctx.config.tiers[account.tier];
  const typed = typedConfigOfCreate(input);
  const fields = { ...monitorDefaults(typed ? typed.type : 'http'), ...input };
  assertIntervalAllowed(tier, fields.check_interval, ctx.config.baseUrl);
  await assertOwnEscalation(ctx, account.id, fields.escalation);
  const columns = {
    ...monitorColumns(fields, createSecretBox(ctx.config.secretKey)),
    ...(typed ? typedConfigColumns(typed) : {}),
    ...(await resolveRegions(ctx, account.tier, input)),
  };
  const alreadyMonitored = alreadyMonitoredMessage(typed ? typed.type : 'http');

  const monitor = await ctx.db
    .transaction(async (m) => {
      await m.query('SELECT id FROM accounts WHERE id = $1 FOR UPDATE', [account.id]);
      if (tier.monitors !== null) {
        const [{ n }] = (await m.query('SELECT count(*)::int AS n FROM monitors WHERE account_id = $1', [account.id])) as { n: number }[];
        if (n >= tier.monitors) {
          throw tierLimitError('Monitor limit reached', { tier: account.tier, limit: tier.monitors, current: n, baseUrl: ctx.config.baseUrl });
        }
      }
      const duplicate = await alreadyMonitoredError(m, account.id, columns.normalizedUrl, alreadyMonitored);
      if (duplicate) throw duplicate;
      const saved = await m.getRepository(Monitor).save(
        m.getRepository(Monitor).create({ ...columns, accountId: account.id, status: 'pending', isActive: true }),
      );
      await applyMonitorSchedule(ctx, saved);
      await createHeartbeat(ctx, m, saved, ctx.clock.now());
      return saved;
    })
    .catch(async (e: unknown) => {
      // A concurrent create won the race: name its monitor.
      if (isUniqueViolation(e)) throw (await alreadyMonitoredError(ctx.db.manager, account.id, columns.normalizedUrl, alreadyMonitored)) ?? e;
      throw e;
    });
  await checkNow(ctx, monitor, 'created');
  return monitor;
}
