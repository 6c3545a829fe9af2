import { DEFAULT_TIERS, type TierTable } from '../tiers/tiers.js';
import { mergeTierOverrides } from '../tiers/merge-tier-overrides.js';
import { envSchema } from './env-schema.js';
import { DEFAULT_REGION, parseRegionList } from '../regions/region-names.js';
import { redisTarget, type RedisTarget } from './redis-target.js';

export interface Config {
  env: 'development' | 'production' | 'test';
  databaseUrl: string;
  /** A read replica for reads that may lag (lists, statistics, reports); unset, they use the primary. */
  databaseReadUrl: string | undefined;
  databasePoolSize: number;
  /** PostgreSQL statement_timeout of every pooled connection; the client gives up shortly after. */
  databaseStatementTimeoutMs: number;
  /** Opening a connection, or waiting for a free one in the pool. */
  databaseConnectTimeoutMs: number;
  /**
   * DATABASE_URL (and DATABASE_READ_URL) lead to a pooler in transaction pooling mode: no
   * session state (startup parameters, named prepared statements). See createDataSource.
   */
  databaseTransactionPooling: boolean;
  /** Commands on the non-blocking Redis connection (requests, producers) fail after this. */
  redisCommandTimeoutMs: number;
  /** REDIS_URL: the one node, or where a Sentinel or Cluster setup takes its user, password, db and TLS from. */
  redisUrl: string;
  /** Where Redis is: REDIS_URL, Sentinel (REDIS_SENTINELS) or Cluster (REDIS_CLUSTER_NODES). */
  redis: RedisTarget;
  /** Shards of each check queue and its bucket schedulers (VIGIL_QUEUE_SHARDS); 1 = one queue, as before. */
  queueShards: number;
  /** BullMQ prefix; braces make it a Redis Cluster hash tag. */
  redisPrefix: string;
  port: number;
  /** VIGIL_OPS_PORT: the API's operator port (/healthz, /readyz, /metrics, /admin/queues); unset, they are served on `port`. */
  opsPort: number | undefined;
  baseUrl: string;
  trustProxy: boolean | number | string;
  /** Requests per second per client IP over all paths (decisions §2: 50). */
  burstPerSecond: number;
  allowPrivateTargets: boolean;
  /** The region this process's checker runs in and whose check jobs it consumes. */
  region: string;
  /** Regions a monitor may name: VIGIL_REGIONS, the default regions and this process's region (plus, at the API, any region a checker ever reported from). */
  knownRegions: string[];
  /** A new monitor's regions when it names none. */
  defaultRegions: string[];
  /** Public regions served by agents (VIGIL_AGENT_REGIONS, docs/agents.md): no check queue, their runs are leased to the region's agents. Known regions too. */
  agentRegions: string[];
  /** The local address outbound checks bind to; unset, the system chooses. */
  sourceAddress: string | undefined;
  /** Resolvers for target hosts and TXT records; empty means the system resolver. */
  dnsServers: string[];
  /** Resolvers dns monitors without a `resolver` of their own ask (VIGIL_DNS_MONITOR_RESOLVERS); empty: dnsServers, else the system's. */
  dnsMonitorResolvers: string[];
  smtpUrl: string | undefined;
  smtpFrom: string;
  logLevel: string;
  adminToken: string | undefined;
  secretKey: string;
  /** True when VIGIL_SECRET_KEY was not set and the development key is in use. */
  secretKeyIsDevelopmentDefault: boolean;
  tiers: TierTable;
  checkRetentionDays: number;
  /** Days finished scans are kept (a domain's latest ones always are). */
  scanRetentionDays: number;
  /** Days alert delivery attempts are kept. */
  deliveryRetentionDays: number;
  /** Days domain header checks are kept (a domain's latest and latest completed ones always are). */
  headerCheckRetentionDays: number;
  /** Days a verified DNS claim's TXT record may stay missing (daily re-checks) before the claim lapses. */
  domainReverifyGraceDays: number;
  shutdownTimeoutMs: number;
  /** How often the API writes the request usage counted in Redis to daily_usage. */
  usageFlushMs: number;
  /** Requests with an API key one API process works on at a time (the others wait their turn, shared fairly between accounts): while one account alone sends them, and while several do. */
  apiInFlight: { alone: number; shared: number };
  /** Public requests (pages, feeds, badges) one process works on at a time, apart from apiInFlight. */
  publicInFlight: number;
  healthPorts: { checker: number; scanner: number; notifier: number };
  concurrency: { checker: number; scanner: number; notifier: number };
  /** Scheduled checks of one account a checker process runs at once (at most concurrency.checker). */
  checkerAccountConcurrency: number;
  /** Alert deliveries of one account a notifier process sends at once (at most concurrency.notifier). */
  notifierAccountConcurrency: number;
}

export class ConfigError extends Error {}

const DEVELOPMENT_SECRET_KEY = 'vigil-development-secret-key-do-not-use-in-production';

/**
 * Reads and validates the environment once at start-up. Throws ConfigError naming the first
 * bad variable, so a process with a broken configuration never starts half-way.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings count as unset: compose files and k8s often template them in blank.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const { error, value } = envSchema.validate(present, { abortEarly: true, convert: true });
  if (error) throw new ConfigError(`Invalid configuration: ${error.message}`);
  const v = value as Record<string, never>;
  const port = v.PORT as number;
  let tiers: TierTable;
  try {
    tiers = mergeTierOverrides(DEFAULT_TIERS, v.VIGIL_TIERS);
  } catch (e) {
    throw new ConfigError(`Invalid configuration: ${(e as Error).message}`);
  }
  let defaultRegions: string[];
  let listedRegions: string[];
  let agentRegions: string[];
  try {
    defaultRegions = parseRegionList((v.VIGIL_DEFAULT_REGIONS as string | undefined) ?? DEFAULT_REGION);
    listedRegions = v.VIGIL_REGIONS === undefined ? [] : parseRegionList(v.VIGIL_REGIONS);
    agentRegions = v.VIGIL_AGENT_REGIONS === undefined ? [] : parseRegionList(v.VIGIL_AGENT_REGIONS);
  } catch (e) {
    throw new ConfigError(`Invalid configuration: VIGIL_DEFAULT_REGIONS / VIGIL_REGIONS / VIGIL_AGENT_REGIONS ${(e as Error).message}`);
  }
  if (agentRegions.includes(v.VIGIL_REGION)) {
    throw new ConfigError(`Invalid configuration: VIGIL_REGION ${String(v.VIGIL_REGION)} is in VIGIL_AGENT_REGIONS (a region served by agents has no checkers)`);
  }
  if (v.VIGIL_OPS_PORT !== undefined && v.VIGIL_OPS_PORT === port && port !== 0) {
    throw new ConfigError('Invalid configuration: VIGIL_OPS_PORT must differ from PORT (the ops port is a second listener)');
  }
  let redis: RedisTarget;
  try {
    redis = redisTarget({
      url: v.REDIS_URL,
      sentinels: v.REDIS_SENTINELS,
      sentinelName: v.REDIS_SENTINEL_NAME,
      sentinelPassword: v.REDIS_SENTINEL_PASSWORD,
      password: v.REDIS_PASSWORD,
      tls: v.REDIS_TLS,
      sentinelTls: v.REDIS_SENTINEL_TLS,
      clusterNodes: v.REDIS_CLUSTER_NODES,
    });
  } catch (e) {
    throw new ConfigError(`Invalid configuration: ${(e as Error).message}`);
  }
  const region = v.VIGIL_REGION as string;
  const serverList = (name: 'VIGIL_DNS_SERVERS' | 'VIGIL_DNS_MONITOR_RESOLVERS') =>
    ((v[name] as string | undefined) ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  return {
    env: v.NODE_ENV,
    databaseUrl: v.DATABASE_URL,
    databaseReadUrl: v.DATABASE_READ_URL,
    databasePoolSize: v.DATABASE_POOL_SIZE,
    databaseStatementTimeoutMs: v.VIGIL_DB_STATEMENT_TIMEOUT_MS,
    databaseConnectTimeoutMs: v.VIGIL_DB_CONNECT_TIMEOUT_MS,
    databaseTransactionPooling: v.VIGIL_DB_TRANSACTION_POOLING,
    redisCommandTimeoutMs: v.VIGIL_REDIS_COMMAND_TIMEOUT_MS,
    redisUrl: v.REDIS_URL,
    redis,
    queueShards: v.VIGIL_QUEUE_SHARDS,
    redisPrefix: v.VIGIL_REDIS_PREFIX,
    port,
    opsPort: v.VIGIL_OPS_PORT,
    baseUrl: ((v.VIGIL_BASE_URL as string | undefined) ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    trustProxy: v.VIGIL_TRUST_PROXY,
    burstPerSecond: v.VIGIL_BURST_PER_SECOND,
    allowPrivateTargets: v.VIGIL_ALLOW_PRIVATE_TARGETS,
    region,
    knownRegions: [...new Set([...listedRegions, ...defaultRegions, ...agentRegions, region])],
    defaultRegions,
    agentRegions,
    sourceAddress: v.VIGIL_SOURCE_ADDRESS,
    dnsServers: serverList('VIGIL_DNS_SERVERS'),
    dnsMonitorResolvers: serverList('VIGIL_DNS_MONITOR_RESOLVERS'),
    smtpUrl: v.SMTP_URL,
    smtpFrom: v.SMTP_FROM,
    logLevel: v.LOG_LEVEL,
    adminToken: v.VIGIL_ADMIN_TOKEN,
    secretKey: v.VIGIL_SECRET_KEY ?? DEVELOPMENT_SECRET_KEY,
    secretKeyIsDevelopmentDefault: v.VIGIL_SECRET_KEY === undefined,
    tiers,
    checkRetentionDays: v.VIGIL_CHECK_RETENTION_DAYS,
    scanRetentionDays: v.VIGIL_SCAN_RETENTION_DAYS,
    deliveryRetentionDays: v.VIGIL_DELIVERY_RETENTION_DAYS,
    headerCheckRetentionDays: v.VIGIL_HEADER_CHECK_RETENTION_DAYS,
    domainReverifyGraceDays: v.VIGIL_DOMAIN_REVERIFY_GRACE_DAYS,
    shutdownTimeoutMs: v.VIGIL_SHUTDOWN_TIMEOUT_MS,
    usageFlushMs: v.VIGIL_USAGE_FLUSH_MS,
    apiInFlight: { alone: v.VIGIL_API_IN_FLIGHT, shared: Math.min(v.VIGIL_API_IN_FLIGHT_SHARED, v.VIGIL_API_IN_FLIGHT) },
    publicInFlight: v.VIGIL_PUBLIC_IN_FLIGHT,
    healthPorts: { checker: v.CHECKER_HEALTH_PORT, scanner: v.SCANNER_HEALTH_PORT, notifier: v.NOTIFIER_HEALTH_PORT },
    concurrency: { checker: v.CHECKER_CONCURRENCY, scanner: v.SCANNER_CONCURRENCY, notifier: v.NOTIFIER_CONCURRENCY },
    checkerAccountConcurrency: Math.min((v.CHECKER_ACCOUNT_CONCURRENCY as number | undefined) ?? Math.max(1, Math.ceil(v.CHECKER_CONCURRENCY / 10)), v.CHECKER_CONCURRENCY),
    notifierAccountConcurrency: Math.min((v.NOTIFIER_ACCOUNT_CONCURRENCY as number | undefined) ?? Math.max(1, Math.ceil(v.NOTIFIER_CONCURRENCY / 4)), v.NOTIFIER_CONCURRENCY),
  };
}

/**
 * Refuses a production start without VIGIL_SECRET_KEY for the processes in `readers` (those that
 * encrypt or decrypt stored secrets with it): the public development key would protect nothing.
 */
export function assertSecretKeyForProduction(config: Config, readers: readonly string[]): void {
  if (config.env !== 'production' || !config.secretKeyIsDevelopmentDefault || readers.length === 0) return;
  throw new ConfigError(
    `Invalid configuration: VIGIL_SECRET_KEY must be set when NODE_ENV=production (${readers.join(', ')} encrypt${readers.length === 1 ? 's' : ''} and decrypt${readers.length === 1 ? 's' : ''} stored secrets with it; use 32+ random characters)`,
  );
}

/** Secrets shorter than this are accepted, with a warning at start. */
export const RECOMMENDED_SECRET_LENGTH = 32;

/**
 * What start-up should warn about (decisions §1: the development secret key is used "with a
 * warning logged at start"). Not in tests, where the default key is expected.
 */
export function startupWarnings(config: Config): string[] {
  if (config.env === 'test') return [];
  const warnings: string[] = [];
  if (config.secretKeyIsDevelopmentDefault) {
    warnings.push('VIGIL_SECRET_KEY is not set: integration secrets are encrypted with the development key');
  } else if (config.secretKey.length < RECOMMENDED_SECRET_LENGTH) {
    warnings.push(`VIGIL_SECRET_KEY is shorter than ${RECOMMENDED_SECRET_LENGTH} characters: use a long random value`);
  }
  if (config.adminToken !== undefined && config.adminToken.length < RECOMMENDED_SECRET_LENGTH / 2) {
    warnings.push(`VIGIL_ADMIN_TOKEN is shorter than ${RECOMMENDED_SECRET_LENGTH / 2} characters: use a long random value`);
  }
  return warnings;
}
