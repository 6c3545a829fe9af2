import Joi from 'joi';
import type { Response } from 'express';
import { MONITORING_FREQUENCIES, ValidationError, normaliseHostname, type MonitoringFrequency } from '@vigil/core';
import { annotated, documentedAs } from '../http/joi-schema.js';
import { validate } from '../http/validate.js';
import { markDeprecated } from '../middleware/deprecation.js';

/** decisions §6 and the Domain resource: the defaults of a new domain. */
export const DOMAIN_DEFAULTS = {
  port: 443,
  monitoring_frequency: 'daily' as MonitoringFrequency,
  notifications_enabled: true,
  alert_days_before_expiry: 30,
};

export const MAX_ALERT_DAYS = 365;

/** The configuration fields of a domain that update accepts (all optional). */
export interface DomainSettings {
  port?: number;
  monitoring_frequency?: MonitoringFrequency;
  is_active?: boolean;
  notifications_enabled?: boolean;
  alert_days_before_expiry?: number;
}

export interface CreateDomainInput extends Omit<DomainSettings, 'is_active'> {
  hostname: string;
}

const frequencyField = (name: string) =>
  Joi.string()
    .valid(...MONITORING_FREQUENCIES)
    .error(new ValidationError(`Invalid ${name}: must be one of ${MONITORING_FREQUENCIES.join(', ')}`));

/** A hostname, normalised (lower case, punycode); anything else is the seed's 400 Invalid hostname. */
export const hostnameField = documentedAs(
  Joi.any()
    .custom((v: unknown) => {
      const hostname = normaliseHostname(v);
      if (!hostname) throw new Error('invalid');
      return hostname;
    })
    .error(new ValidationError('Invalid hostname')),
  Joi.string().max(253).description('A domain name (internationalised names are stored in punycode)'),
);

export const portField = Joi.number().integer().min(1).max(65_535).error(new ValidationError('Invalid port'));

const settingsKeys = {
  port: annotated(portField, { default: DOMAIN_DEFAULTS.port }),
  monitoring_frequency: annotated(frequencyField('monitoring_frequency'), { default: DOMAIN_DEFAULTS.monitoring_frequency }),
  scan_frequency: frequencyField('scan_frequency')
    .meta({ deprecated: true })
    .description('Deprecated alias of monitoring_frequency (response carries Deprecation: true)'),
  notifications_enabled: annotated(Joi.boolean().error(new ValidationError('Invalid notifications_enabled: must be a boolean')), {
    default: DOMAIN_DEFAULTS.notifications_enabled,
  }),
  alert_days_before_expiry: annotated(
    Joi.number()
      .integer()
      .min(1)
      .max(MAX_ALERT_DAYS)
      .error(new ValidationError(`Invalid alert_days_before_expiry: must be an integer from 1 to ${MAX_ALERT_DAYS}`)),
    { default: DOMAIN_DEFAULTS.alert_days_before_expiry },
  ),
};

type WithAlias<T> = T & { scan_frequency?: MonitoringFrequency };

export const createDomainBody = Joi.object<WithAlias<CreateDomainInput>>({
  hostname: hostnameField.required(),
  ...settingsKeys,
}).example({ hostname: 'shop.example.com', port: 443, monitoring_frequency: 'hourly', alert_days_before_expiry: 21 });

export const updateDomainBody = Joi.object<WithAlias<DomainSettings>>({
  ...settingsKeys,
  is_active: Joi.boolean().error(new ValidationError('Invalid is_active: must be a boolean')),
}).example({ monitoring_frequency: 'daily', notifications_enabled: false });

/**
 * decisions §3: `monitoring_frequency` is the field; `scan_frequency` is a deprecated alias
 * (the response then carries `Deprecation: true`); both given and different is 400.
 */
function resolveFrequency<T extends { monitoring_frequency?: MonitoringFrequency }>(value: WithAlias<T>, res: Response): T {
  const alias = value.scan_frequency;
  const resolved: T = { ...value };
  Reflect.deleteProperty(resolved, 'scan_frequency');
  if (alias === undefined) return resolved;
  markDeprecated(res);
  if (value.monitoring_frequency !== undefined && value.monitoring_frequency !== alias) {
    throw new ValidationError('monitoring_frequency and scan_frequency differ: send monitoring_frequency only (scan_frequency is deprecated)');
  }
  return { ...resolved, monitoring_frequency: alias };
}

/** The create body: hostname normalised (400 Invalid hostname), port 1-65535 (400 Invalid port), the rest typed. */
export function parseCreateDomain(body: unknown, res: Response): CreateDomainInput {
  return resolveFrequency<CreateDomainInput>(validate(createDomainBody, body), res);
}

/** The update body (PUT and PATCH alike): at least one known field. */
export function parseUpdateDomain(body: unknown, res: Response): DomainSettings {
  const value = resolveFrequency<DomainSettings>(validate(updateDomainBody, body), res);
  if (!Object.values(value).some((v) => v !== undefined)) {
    throw new ValidationError(
      'No fields to update: send any of port, monitoring_frequency, is_active, notifications_enabled, alert_days_before_expiry',
    );
  }
  return value;
}
