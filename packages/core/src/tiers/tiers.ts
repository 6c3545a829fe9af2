/** The plans an account can be on, cheapest first. */
export const TIERS = ['free', 'pro', 'business', 'enterprise'] as const;
export type Tier = (typeof TIERS)[number];

export const CHECK_INTERVALS = [60, 300, 600, 1800, 3600] as const;
export type CheckInterval = (typeof CHECK_INTERVALS)[number];

export const MONITORING_FREQUENCIES = ['5min', '15min', 'hourly', 'daily'] as const;
export type MonitoringFrequency = (typeof MONITORING_FREQUENCIES)[number];

/** Limits of one plan. `null` means unlimited. */
export interface TierLimits {
  requestsPerDay: number | null;
  requestsPerMinute: number;
  concurrentScans: number | null;
  /** Uptime monitoring is a Pro feature: false answers every /uptime path with 403. */
  uptimeMonitoring: boolean;
  monitors: number | null;
  domains: number | null;
  checkIntervals: number[];
  monitoringFrequencies: MonitoringFrequency[];
  domainCreatesPerMinute: number;
  headerChecksPerDay: number;
  /** Public status pages an account may have. */
  statusPages: number | null;
  /** Regions a monitor may be checked from (decisions: Regions and quorum). */
  regionsPerMonitor: number;
  /** Days the audit log keeps an entry (decisions: Audit log). */
  auditLogRetentionDays: number;
  monthlyPriceCents: number;
}

export type TierTable = Record<Tier, TierLimits>;

/** decisions §2. Operators override parts of it with VIGIL_TIERS (see config). */
export const DEFAULT_TIERS: TierTable = {
  free: {
    requestsPerDay: 1_000,
    requestsPerMinute: 10,
    concurrentScans: 1,
    uptimeMonitoring: false,
    monitors: 0,
    domains: 3,
    checkIntervals: [],
    monitoringFrequencies: ['daily'],
    domainCreatesPerMinute: 10,
    headerChecksPerDay: 2_000,
    statusPages: 1,
    regionsPerMonitor: 1,
    auditLogRetentionDays: 7,
    monthlyPriceCents: 0,
  },
  pro: {
    requestsPerDay: 10_000,
    requestsPerMinute: 60,
    concurrentScans: 5,
    uptimeMonitoring: true,
    monitors: 50,
    domains: 25,
    checkIntervals: [300, 600, 1800, 3600],
    monitoringFrequencies: ['hourly', 'daily'],
    domainCreatesPerMinute: 30,
    headerChecksPerDay: 2_000,
    statusPages: 5,
    regionsPerMonitor: 2,
    auditLogRetentionDays: 90,
    monthlyPriceCents: 2_900,
  },
  business: {
    requestsPerDay: 100_000,
    requestsPerMinute: 300,
    concurrentScans: 20,
    uptimeMonitoring: true,
    monitors: 500,
    domains: 250,
    checkIntervals: [60, 300, 600, 1800, 3600],
    monitoringFrequencies: ['15min', 'hourly', 'daily'],
    domainCreatesPerMinute: 60,
    headerChecksPerDay: 2_000,
    statusPages: 25,
    regionsPerMonitor: 3,
    auditLogRetentionDays: 365,
    monthlyPriceCents: 14_900,
  },
  enterprise: {
    requestsPerDay: null,
    requestsPerMinute: 1_000,
    concurrentScans: null,
    uptimeMonitoring: true,
    monitors: null,
    domains: null,
    checkIntervals: [60, 300, 600, 1800, 3600],
    monitoringFrequencies: ['5min', '15min', 'hourly', 'daily'],
    domainCreatesPerMinute: 120,
    headerChecksPerDay: 2_000,
    statusPages: null,
    regionsPerMonitor: 5,
    auditLogRetentionDays: 730,
    monthlyPriceCents: 99_900,
  },
};

export function isTier(value: unknown): value is Tier {
  return typeof value === 'string' && (TIERS as readonly string[]).includes(value);
}
