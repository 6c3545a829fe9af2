import { Type, type Static } from '@sinclair/typebox';
import { DateTime, Nullable } from '../http/schema.js';
import { component } from '../http/components.js';

/** Response schemas of the SLA reports; slaReport() returns SlaReport. */

const NumOrNull = Nullable(Type.Number());

export const SlaReportSchema = Type.Object({
  period: Type.Object({
    from: DateTime(),
    to: DateTime(),
    monitored_seconds: Type.Integer({ description: 'The period while the monitor existed, up to now' }),
  }),
  uptime_percentage: Nullable(Type.Number(), { description: 'Time not covered by incidents, three decimals' }),
  downtime_seconds: Type.Integer(),
  incidents: Type.Integer({ description: 'Incidents overlapping the period' }),
  mttr_seconds: Nullable(Type.Integer(), { description: 'Mean duration of incidents resolved in the period' }),
  mtbf_seconds: Nullable(Type.Integer(), { description: 'Up time divided by the number of incidents' }),
  maintenance_seconds: Type.Integer(),
  uptime_excluding_maintenance_percentage: Nullable(Type.Number(), { description: 'Maintenance time taken out, downtime inside it forgiven' }),
  checks: Type.Object({ total: Type.Integer(), successful: Type.Integer(), uptime_percentage: NumOrNull }),
  slo: Nullable(
    Type.Object({
      target: Type.Number(),
      met: Nullable(Type.Boolean()),
      error_budget_seconds: Type.Integer(),
      error_budget_used_seconds: Type.Integer(),
      error_budget_remaining_seconds: Type.Integer({ description: 'Negative once the budget is spent' }),
      error_budget_remaining_percentage: NumOrNull,
    }),
    { description: 'Present when the monitor has an slo_target; the budget excludes maintenance' },
  ),
});
export type SlaReport = Static<typeof SlaReportSchema>;

/** A monitor's report: its id and name, then the report. */
export const MonitorSlaSchema = component('SlaReport', Type.Object({ monitor_id: Type.Integer(), name: Type.String(), ...SlaReportSchema.properties }));

export const AccountSlaSchema = Type.Object({
  month: Type.String({ examples: ['2026-11'] }),
  period: Type.Object({ from: DateTime(), to: DateTime() }),
  monitors: Type.Array(MonitorSlaSchema),
  summary: Type.Object({
    monitors: Type.Integer(),
    incidents: Type.Integer(),
    downtime_seconds: Type.Integer(),
    average_uptime_percentage: NumOrNull,
  }),
});
