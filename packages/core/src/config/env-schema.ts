import Joi from 'joi';
import { DEFAULT_REGION, REGION_NAME_PATTERN } from '../regions/region-names.js';

const LOG_LEVELS = ['error', 'warn', 'info', 'http', 'verbose', 'debug', 'silly'];

/** `ip:port` or `[ipv6]:port` or a bare IP, comma-separated. */
const dnsServerList = Joi.string().custom((value: string, helpers) => {
  const servers = value.split(',').map((s) => s.trim()).filter(Boolean);
  const pattern = /^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-fA-F:.]+\]|[0-9a-fA-F:]+)(:\d{1,5})?$/;
  if (servers.length === 0 || !servers.every((s) => pattern.test(s))) {
    return helpers.error('any.invalid');
  }
  return value;
}, 'DNS server list');

/** node-postgres takes one host: a multi-host URL (`h1:p1,h2:p2`) is refused with this. */
const ONE_POSTGRES_HOST =
  '{{#label}} must be a postgres:// or postgresql:// URL naming one host (several hosts are not supported: for failover, name an address that moves to the new primary, see docs/decisions.md)';

/**
 * Every environment variable Vigil reads, with its default. Deployment files are tested
 * against this list, so a variable that is not here is a variable nobody reads.
 */
export const envSchema = Joi.object({
  NODE_ENV: Joi.string().valid('development', 'production', 'test').default('development'),
  DATABASE_URL: Joi.string()
    .uri({ scheme: ['postgres', 'postgresql'] })
    .messages({ 'string.uriCustomScheme': ONE_POSTGRES_HOST })
    .default('postgres://postgres@127.0.0.1:5432/vigil'),
  DATABASE_READ_URL: Joi.string().uri({ scheme: ['postgres', 'postgresql'] }).messages({ 'string.uriCustomScheme': ONE_POSTGRES_HOST }),
  DATABASE_POOL_SIZE: Joi.number().integer().min(1).max(200).default(20),
  // Fail fast on a slow or unreachable dependency (decisions: Dependency outages).
  VIGIL_DB_STATEMENT_TIMEOUT_MS: Joi.number().integer().min(100).default(15_000),
  VIGIL_DB_CONNECT_TIMEOUT_MS: Joi.number().integer().min(100).default(5_000),
  // PgBouncer (or another pooler) in transaction pooling mode between Vigil and PostgreSQL.
  VIGIL_DB_TRANSACTION_POOLING: Joi.boolean().default(false),
  VIGIL_REDIS_COMMAND_TIMEOUT_MS: Joi.number().integer().min(100).default(1_000),
  REDIS_URL: Joi.string().uri({ scheme: ['redis', 'rediss'] }).default('redis://127.0.0.1:6379'),
  VIGIL_REDIS_PREFIX: Joi.string().min(1).default('{vigil}'),
  // Sentinel or Cluster instead of the one node of REDIS_URL (decisions: Redis Sentinel and Cluster).
  REDIS_SENTINELS: Joi.string(),
  REDIS_SENTINEL_NAME: Joi.string().default('mymaster'),
  REDIS_SENTINEL_PASSWORD: Joi.string(),
  REDIS_SENTINEL_TLS: Joi.boolean().truthy('1', 'yes', 'on').falsy('0', 'no', 'off').default(false),
  REDIS_PASSWORD: Joi.string(),
  REDIS_TLS: Joi.boolean().truthy('1', 'yes', 'on').falsy('0', 'no', 'off'),
  REDIS_CLUSTER_NODES: Joi.string(),
  VIGIL_QUEUE_SHARDS: Joi.number().integer().min(1).max(64).default(1),
  PORT: Joi.number().port().default(3000),
  // Unset: /readyz, /metrics and the queue dashboard stay on PORT (one machine, npm start).
  VIGIL_OPS_PORT: Joi.number().port(),
  VIGIL_BASE_URL: Joi.string().uri({ scheme: ['http', 'https'] }),
  VIGIL_TRUST_PROXY: Joi.alternatives(Joi.boolean(), Joi.number().integer().min(0), Joi.string()).default(false),
  VIGIL_BURST_PER_SECOND: Joi.number().integer().min(1).default(50),
  VIGIL_ALLOW_PRIVATE_TARGETS: Joi.boolean().truthy('1', 'yes', 'on').falsy('0', 'no', 'off').default(false),
  VIGIL_DNS_SERVERS: dnsServerList,
  VIGIL_DNS_MONITOR_RESOLVERS: dnsServerList,
  // Regions (decisions: Regions and quorum). Lists are comma-separated region names.
  VIGIL_REGION: Joi.string().pattern(REGION_NAME_PATTERN).default(DEFAULT_REGION),
  VIGIL_REGIONS: Joi.string(),
  VIGIL_DEFAULT_REGIONS: Joi.string(),
  // Public regions whose checks run on agents (`vigil agent` with a region key), not on checkers.
  VIGIL_AGENT_REGIONS: Joi.string(),
  VIGIL_SOURCE_ADDRESS: Joi.string().ip({ cidr: 'forbidden' }),
  SMTP_URL: Joi.string().uri({ scheme: ['smtp', 'smtps'] }),
  SMTP_FROM: Joi.string().default('Vigil <alerts@vigil.invalid>'),
  LOG_LEVEL: Joi.string().lowercase().valid(...LOG_LEVELS).default('info'),
  // Any non-empty value works (the secret key goes through HKDF); start-up warns about short ones
  // rather than refusing to run.
  VIGIL_ADMIN_TOKEN: Joi.string().min(1),
  VIGIL_SECRET_KEY: Joi.string().min(1),
  VIGIL_TIERS: Joi.string(),
  VIGIL_CHECK_RETENTION_DAYS: Joi.number().integer().min(1).default(90),
  // At least 32: usage and billing count scans and alerts over up to a month (31 days) and the
  // last 30 days straight from these rows.
  VIGIL_SCAN_RETENTION_DAYS: Joi.number().integer().min(32).default(90),
  VIGIL_DELIVERY_RETENTION_DAYS: Joi.number().integer().min(32).default(90),
  // Each domain's latest header check (and latest completed one) is kept whatever its age.
  VIGIL_HEADER_CHECK_RETENTION_DAYS: Joi.number().integer().min(1).default(90),
  // Days a verified DNS claim's TXT record may stay missing before the claim is set back to pending.
  VIGIL_DOMAIN_REVERIFY_GRACE_DAYS: Joi.number().integer().min(1).max(365).default(7),
  // Requests with an API key worked on at a time per API process, while one account alone sends
  // them / while several do (decisions: API hot path).
  VIGIL_API_IN_FLIGHT: Joi.number().integer().min(1).max(1000).default(32),
  VIGIL_API_IN_FLIGHT_SHARED: Joi.number().integer().min(1).max(1000).default(2),
  // Public requests (status pages, badges, feeds) worked on at a time per API or public process,
  // apart from the API's slots (decisions: Fairness between tenants).
  VIGIL_PUBLIC_IN_FLIGHT: Joi.number().integer().min(1).max(1000).default(16),
  VIGIL_USAGE_FLUSH_MS: Joi.number().integer().min(100).max(60_000).default(2000),
  VIGIL_SHUTDOWN_TIMEOUT_MS: Joi.number().integer().min(0).default(25_000),
  CHECKER_HEALTH_PORT: Joi.number().port().default(9101),
  SCANNER_HEALTH_PORT: Joi.number().port().default(9102),
  NOTIFIER_HEALTH_PORT: Joi.number().port().default(9103),
  CHECKER_CONCURRENCY: Joi.number().integer().min(1).max(2000).default(500),
  // Scheduled checks of one account a checker runs at once; unset: a tenth of CHECKER_CONCURRENCY (at least 1).
  CHECKER_ACCOUNT_CONCURRENCY: Joi.number().integer().min(1).max(2000),
  SCANNER_CONCURRENCY: Joi.number().integer().min(1).max(100).default(4),
  NOTIFIER_CONCURRENCY: Joi.number().integer().min(1).max(500).default(20),
  // Alert deliveries of one account a notifier sends at once; unset: a quarter of NOTIFIER_CONCURRENCY (at least 1).
  NOTIFIER_ACCOUNT_CONCURRENCY: Joi.number().integer().min(1).max(500),
})
  .unknown(true)
  .messages({ 'any.invalid': '{{#label}} is not a valid comma-separated list of ip:port' });

/** The names of all variables in the schema. */
export const CONFIG_ENV_VARS: readonly string[] = Object.keys(envSchema.describe().keys ?? {});
