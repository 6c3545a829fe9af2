import type { SlaReport } from './sla-report.js';

export interface SlaRow {
  monitor_id: number;
  monitor_name: string;
  report: SlaReport;
}

const COLUMNS: [string, (r: SlaRow) => string | number | boolean | null][] = [
  ['monitor_id', (r) => r.monitor_id],
  ['monitor_name', (r) => r.monitor_name],
  ['from', (r) => r.report.period.from],
  ['to', (r) => r.report.period.to],
  ['monitored_seconds', (r) => r.report.period.monitored_seconds],
  ['uptime_percentage', (r) => r.report.uptime_percentage],
  ['downtime_seconds', (r) => r.report.downtime_seconds],
  ['incidents', (r) => r.report.incidents],
  ['mttr_seconds', (r) => r.report.mttr_seconds],
  ['mtbf_seconds', (r) => r.report.mtbf_seconds],
  ['maintenance_seconds', (r) => r.report.maintenance_seconds],
  ['uptime_excluding_maintenance_percentage', (r) => r.report.uptime_excluding_maintenance_percentage],
  ['checks_total', (r) => r.report.checks.total],
  ['checks_successful', (r) => r.report.checks.successful],
  ['checks_uptime_percentage', (r) => r.report.checks.uptime_percentage],
  ['slo_target', (r) => r.report.slo?.target ?? null],
  ['slo_met', (r) => r.report.slo?.met ?? null],
  ['error_budget_seconds', (r) => r.report.slo?.error_budget_seconds ?? null],
  ['error_budget_used_seconds', (r) => r.report.slo?.error_budget_used_seconds ?? null],
  ['error_budget_remaining_seconds', (r) => r.report.slo?.error_budget_remaining_seconds ?? null],
  ['error_budget_remaining_percentage', (r) => r.report.slo?.error_budget_remaining_percentage ?? null],
];

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. A text that a
 * spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading apostrophe.
 */
export function csvField(value: string | number | boolean | null): string {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A header row and one row per monitor, CRLF line ends. */
export function slaCsv(rows: readonly SlaRow[]): string {
  const lines = [COLUMNS.map(([name]) => name).join(',')];
  for (const row of rows) lines.push(COLUMNS.map(([, get]) => csvField(get(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
