import { AccountsAndKeys1763700000000 } from './1763700000000-accounts-and-keys.js';
import { Uptime1763700100000 } from './1763700100000-uptime.js';
import { Domains1763700200000 } from './1763700200000-domains.js';
import { Integrations1763700300000 } from './1763700300000-integrations.js';
import { Billing1763700400000 } from './1763700400000-billing.js';
import { Outbox1764100000000 } from './1764100000000-outbox.js';
import { RetentionIndexes1764200000000 } from './1764200000000-retention-indexes.js';
import { SealMonitorCredentials1764300000000 } from './1764300000000-seal-monitor-credentials.js';
import { UsageFlushState1764400000000 } from './1764400000000-usage-flush-state.js';
import { PartitionChecks1764500000000 } from './1764500000000-partition-checks.js';
import { StatusPages1764600000000 } from './1764600000000-status-pages.js';
import { WebhookSecretRotation1764700000000 } from './1764700000000-webhook-secret-rotation.js';
import { HeaderChecks1764700100000 } from './1764700100000-header-checks.js';
import { MaintenanceWindows1764800000000 } from './1764800000000-maintenance-windows.js';
import { AlertPolicies1764900000000 } from './1764900000000-alert-policies.js';
import { MonitorTypes1765200000000 } from './1765200000000-monitor-types.js';
import { Heartbeats1765300000000 } from './1765300000000-heartbeats.js';
import { HttpAssertions1765400000000 } from './1765400000000-http-assertions.js';
import { Regions1765500000000 } from './1765500000000-regions.js';
import { DomainReverification1765620000000 } from './1765620000000-domain-reverification.js';
import { RollupTimings1765690000000 } from './1765690000000-rollup-timings.js';
import { KeyScopes1765710000000 } from './1765710000000-key-scopes.js';
import { ChannelRegistry1765800000000 } from './1765800000000-channel-registry.js';
import { WriterFillfactor1765840000000 } from './1765840000000-writer-fillfactor.js';
import { RollupOnMonitor1765872000000 } from './1765872000000-rollup-on-monitor.js';
import { Locations1765830000000 } from './1765830000000-locations.js';
import { ConfigManaged1765820000000 } from './1765820000000-config-managed.js';
import { AuditLog1765860000000 } from './1765860000000-audit-log.js';
import { KeyIps1765860100000 } from './1765860100000-key-ips.js';
import { MonitorLastTimings1765860200000 } from './1765860200000-monitor-last-timings.js';
import { LastRoundIndex1765860300000 } from './1765860300000-last-round-index.js';
import { ScheduleOutbox1765875000000 } from './1765875000000-schedule-outbox.js';
import { LocationOfflineRegions1765870000000 } from './1765870000000-location-offline-regions.js';
import { RegionHours1765885000000 } from './1765885000000-region-hours.js';
import { WriterBatchAssert1765920000000 } from './1765920000000-writer-batch-assert.js';
import { HeartbeatStateHot1765930000000 } from './1765930000000-heartbeat-state-hot.js';

/** Every migration, oldest first. Schema changes happen only here (never `synchronize`). */
export const MIGRATIONS = [
  AccountsAndKeys1763700000000,
  Uptime1763700100000,
  Domains1763700200000,
  Integrations1763700300000,
  Billing1763700400000,
  Outbox1764100000000,
  RetentionIndexes1764200000000,
  SealMonitorCredentials1764300000000,
  UsageFlushState1764400000000,
  PartitionChecks1764500000000,
  StatusPages1764600000000,
  WebhookSecretRotation1764700000000,
  HeaderChecks1764700100000,
  MaintenanceWindows1764800000000,
  AlertPolicies1764900000000,
  MonitorTypes1765200000000,
  Heartbeats1765300000000,
  HttpAssertions1765400000000,
  Regions1765500000000,
  DomainReverification1765620000000,
  RollupTimings1765690000000,
  KeyScopes1765710000000,
  ChannelRegistry1765800000000,
  WriterFillfactor1765840000000,
  Locations1765830000000,
  ConfigManaged1765820000000,
  AuditLog1765860000000,
  KeyIps1765860100000,
  MonitorLastTimings1765860200000,
  LastRoundIndex1765860300000,
  ScheduleOutbox1765875000000,
  LocationOfflineRegions1765870000000,
  RollupOnMonitor1765872000000,
  RegionHours1765885000000,
  WriterBatchAssert1765920000000,
  HeartbeatStateHot1765930000000,
];
