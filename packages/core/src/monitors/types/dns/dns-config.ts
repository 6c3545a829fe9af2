import net from 'node:net';
import Joi from 'joi';
import { ValidationError } from '../../../errors/errors.js';
import { canonicalTargetHost, hostPort } from '../target-host.js';
import type { MonitorTypeSpec } from '../monitor-type-spec.js';
import { DnsCheckDetailsSchema } from './dns-details.js';

export const DNS_RECORD_TYPES = ['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'NS', 'CAA', 'SOA'] as const;
export type DnsRecordType = (typeof DNS_RECORD_TYPES)[number];

/** How `expected_values` judge the answer: any one present, all present, or none present. */
export const DNS_MATCH_MODES = ['any', 'all', 'none'] as const;
export type DnsMatchMode = (typeof DNS_MATCH_MODES)[number];

/** A `dns` monitor: resolve `name` for `record_type` and judge the answers. */
export interface DnsConfig {
  name: string;
  record_type: DnsRecordType;
  /** Empty: any non-empty answer passes. */
  expected_values: string[];
  match: DnsMatchMode;
  /** `ip` or `ip:port` (`[v6]:port`) of the resolver to ask; null = VIGIL_DNS_SERVERS / the system's. */
  resolver: string | null;
}

export const MAX_DNS_EXPECTED_VALUES = 20;

export const DNS_CONFIG_MESSAGES = {
  config: 'Invalid config: a dns monitor needs an object {name, record_type, expected_values?, match?, resolver?}',
  name: 'Invalid config.name: must be a DNS name',
  recordType: `Invalid config.record_type: must be one of ${DNS_RECORD_TYPES.join(', ')}`,
  expectedValues: `Invalid config.expected_values: must be an array of at most ${MAX_DNS_EXPECTED_VALUES} non-empty strings of at most 512 characters`,
  match: `Invalid config.match: must be one of ${DNS_MATCH_MODES.join(', ')}`,
  resolver: 'Invalid config.resolver: must be an IP address with an optional port (1.1.1.1, 1.1.1.1:53, [2606:4700::1111]:53), or null',
} as const;

const M = DNS_CONFIG_MESSAGES;
const fail = (message: string) => new ValidationError(message);

/** A resolver `ip`, `ip:port` or `[ipv6]:port` in canonical form (`ip` when the port is 53), else null. */
export function canonicalResolver(raw: string): string | null {
  const text = raw.trim();
  if (net.isIP(text)) return text;
  const m = /^(?:\[([^\]]+)\]|([^:]+)):(\d{1,5})$/.exec(text);
  if (!m) return null;
  const ip = m[1] ?? m[2];
  const port = Number(m[3]);
  if (!net.isIP(ip) || (m[1] !== undefined && !net.isIPv6(ip)) || port < 1 || port > 65_535) return null;
  return port === 53 ? ip : hostPort(ip, port);
}

export const DNS_SPEC: MonitorTypeSpec<DnsConfig, typeof DnsCheckDetailsSchema> = {
  schema: Joi.object<DnsConfig>({
    name: Joi.string()
      .max(253)
      .custom((v: string, helpers) => {
        const host = canonicalTargetHost(v);
        return host && !net.isIP(host) ? host : helpers.error('any.invalid');
      })
      .required()
      .error(fail(M.name))
      .description('DNS name to resolve'),
    record_type: Joi.string()
      .valid(...DNS_RECORD_TYPES)
      .insensitive()
      .required()
      .error(fail(M.recordType)),
    expected_values: Joi.array()
      .items(Joi.string().min(1).max(512))
      .max(MAX_DNS_EXPECTED_VALUES)
      .default([])
      .error(fail(M.expectedValues))
      .description('Empty: any non-empty answer passes'),
    match: Joi.string()
      .valid(...DNS_MATCH_MODES)
      .default('any')
      .error(fail(M.match))
      .description('any / all of expected_values present, or none of them'),
    resolver: Joi.string()
      .max(64)
      .custom((v: string, helpers) => canonicalResolver(v) ?? helpers.error('any.invalid'))
      .allow(null)
      .default(null)
      .error(fail(M.resolver))
      .description("ip or ip:port ([v6]:port) of the resolver to ask; null = the service's resolvers"),
  })
    .description('type dns: resolve name and compare the answer')
    .example({ name: 'example.com', record_type: 'A', expected_values: ['93.184.215.14'], match: 'any' }),
  kind: 'pull',
  messages: M,
  notAnObject: M.config,
  naturalKey: (c) => dnsTarget(c),
  target: (c) => dnsTarget(c),
  alreadyMonitored: 'DNS record already monitored',
  details: DnsCheckDetailsSchema,
};

/** RFC 4501 form: `dns:name?type=A`, or `dns://resolver/name?type=A`. */
function dnsTarget(c: DnsConfig): string {
  return `dns:${c.resolver ? `//${c.resolver}/` : ''}${c.name}?type=${c.record_type.toUpperCase()}`;
}
