import Joi from 'joi';
import { MONITORING_FREQUENCIES, TIERS, type TierLimits, type TierTable } from './tiers.js';

const limitsOverride = Joi.object<Partial<TierLimits>>({
  requestsPerDay: Joi.number().integer().min(0).allow(null),
  requestsPerMinute: Joi.number().integer().min(1),
  concurrentScans: Joi.number().integer().min(0).allow(null),
  uptimeMonitoring: Joi.boolean(),
  monitors: Joi.number().integer().min(0).allow(null),
  domains: Joi.number().integer().min(0).allow(null),
  checkIntervals: Joi.array().items(Joi.number().valid(60, 300, 600, 1800, 3600)),
  monitoringFrequencies: Joi.array().items(Joi.string().valid(...MONITORING_FREQUENCIES)),
  domainCreatesPerMinute: Joi.number().integer().min(1),
  headerChecksPerDay: Joi.number().integer().min(1),
  statusPages: Joi.number().integer().min(0).allow(null),
  regionsPerMonitor: Joi.number().integer().min(1),
  auditLogRetentionDays: Joi.number().integer().min(1),
  monthlyPriceCents: Joi.number().integer().min(0),
});

const overridesSchema = Joi.object(Object.fromEntries(TIERS.map((tier) => [tier, limitsOverride])));

/**
 * Applies an operator's partial tier table (JSON, e.g. `{"pro":{"monitors":100}}`) over the
 * defaults. Throws with a message naming the bad field.
 */
export function mergeTierOverrides(base: TierTable, json: string | undefined): TierTable {
  if (!json) return base;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new Error('VIGIL_TIERS is not valid JSON');
  }
  const { error, value } = overridesSchema.validate(parsed, { abortEarly: true });
  if (error) throw new Error(`VIGIL_TIERS: ${error.message}`);
  const overrides = value as Partial<Record<keyof TierTable, Partial<TierLimits>>>;
  const merged = { ...base };
  for (const tier of TIERS) merged[tier] = { ...base[tier], ...overrides[tier] };
  return merged;
}
