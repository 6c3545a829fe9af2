/** Every BullMQ queue. One worker app consumes each (see QUEUE_OWNERS). */
export enum QueueName {
  Checks = 'checks',
  Scans = 'scans',
  Headers = 'headers',
  Alerts = 'alerts',
  Maintenance = 'maintenance',
  Heartbeats = 'heartbeats',
}

/** Every kind of job, each on exactly one queue and handled by exactly one handler. */
export enum JobName {
  MonitorCheck = 'monitor-check',
  /** A slot of periodic checks (scheduling/interval-buckets.ts). */
  MonitorBucket = 'monitor-bucket',
  ReconcileMonitorSchedules = 'reconcile-monitor-schedules',
  PruneChecks = 'prune-checks',
  PruneScans = 'prune-scans',
  PruneAlertDeliveries = 'prune-alert-deliveries',
  PruneHeaderChecks = 'prune-header-checks',
  /** Audit entries older than their account's tier keeps them (auditLogRetentionDays). */
  PruneAuditLog = 'prune-audit-log',
  /** Re-checks the TXT record of every verified DNS claim (domains/reverification.ts). */
  ReverifyDomains = 'reverify-domains',
  EnsureCheckPartitions = 'ensure-check-partitions',
  TlsScan = 'tls-scan',
  ReconcileDomainSchedules = 'reconcile-domain-schedules',
  DomainScan = 'domain-scan',
  /** A slot of periodic domain rescans: queues a DomainScan per domain due (scheduling/domain-schedules.ts). */
  DomainBucket = 'domain-bucket',
  HeaderCheck = 'header-check',
  HeaderGrade = 'header-grade',
  AlertEvent = 'alert-event',
  AlertDelivery = 'alert-delivery',
  GenerateInvoices = 'generate-invoices',
  SendIncidentRepeats = 'send-incident-repeats',
  JudgeRound = 'judge-round',
  /** One ping per job: what APIs before the batches queued (still handled, so none queued at an upgrade is lost). */
  HeartbeatPing = 'heartbeat-ping',
  /** The pings one API process accepted in one event-loop turn, at most HEARTBEAT_PINGS_PER_JOB (ping-intake.ts). */
  HeartbeatPings = 'heartbeat-pings',
  SweepHeartbeats = 'sweep-heartbeats',
  /** A check result an agent of a private location posted (locations/lease-store.ts). */
  RecordAgentCheck = 'record-agent-check',
  /** Private locations without a polling agent for their offline_after_seconds (locations/location-presence.ts). */
  SweepLocationPresence = 'sweep-location-presence',
}

export const JOB_QUEUE = {
  [JobName.MonitorCheck]: QueueName.Checks,
  [JobName.MonitorBucket]: QueueName.Checks,
  [JobName.ReconcileMonitorSchedules]: QueueName.Maintenance,
  [JobName.PruneChecks]: QueueName.Maintenance,
  [JobName.PruneScans]: QueueName.Maintenance,
  [JobName.PruneAlertDeliveries]: QueueName.Maintenance,
  [JobName.PruneHeaderChecks]: QueueName.Maintenance,
  [JobName.PruneAuditLog]: QueueName.Maintenance,
  [JobName.ReverifyDomains]: QueueName.Maintenance,
  [JobName.EnsureCheckPartitions]: QueueName.Maintenance,
  [JobName.TlsScan]: QueueName.Scans,
  [JobName.DomainScan]: QueueName.Scans,
  [JobName.DomainBucket]: QueueName.Scans,
  [JobName.ReconcileDomainSchedules]: QueueName.Maintenance,
  [JobName.HeaderCheck]: QueueName.Headers,
  [JobName.HeaderGrade]: QueueName.Headers,
  [JobName.AlertEvent]: QueueName.Alerts,
  [JobName.AlertDelivery]: QueueName.Alerts,
  [JobName.GenerateInvoices]: QueueName.Maintenance,
  [JobName.SendIncidentRepeats]: QueueName.Maintenance,
  [JobName.JudgeRound]: QueueName.Maintenance,
  [JobName.HeartbeatPing]: QueueName.Heartbeats,
  [JobName.HeartbeatPings]: QueueName.Heartbeats,
  [JobName.SweepHeartbeats]: QueueName.Maintenance,
  [JobName.RecordAgentCheck]: QueueName.Maintenance,
  [JobName.SweepLocationPresence]: QueueName.Maintenance,
} as const satisfies Record<JobName, QueueName>;

export type QueueOfJob<J extends JobName> = (typeof JOB_QUEUE)[J];
export type JobsOfQueue<Q extends QueueName> = { [J in JobName]: (typeof JOB_QUEUE)[J] extends Q ? J : never }[JobName];

/** Which worker app consumes which queues. Maintenance runs in the checker, which is always deployed. */
export const QUEUE_OWNERS = {
  checker: [QueueName.Checks, QueueName.Maintenance, QueueName.Heartbeats],
  scanner: [QueueName.Scans, QueueName.Headers],
  notifier: [QueueName.Alerts],
} as const;

export type WorkerAppName = keyof typeof QUEUE_OWNERS;
