import type { PeriodIncidents } from '@vigil/core';
import { slaReport, type SlaInput } from './sla-report.js';

const t = (iso: string) => new Date(iso);
const ms = (iso: string) => Date.parse(iso);
const NOV = { from: t('2026-11-01T00:00:00Z'), to: t('2026-12-01T00:00:00Z') };
const MONTH_S = 30 * 86_400;
const HOUR_MS = 3_600_000;
/** The incidents as monitorSlaPeriodReads sums them (clipping, merging and the overlap with maintenance: sla-read.test.ts). */
const incidents = (count: number, downtimeMs: number, mttrMs: number | null = null, inMaintenanceMs = 0): PeriodIncidents => ({ count, downtimeMs, inMaintenanceMs, mttrMs });

function input(over: Partial<SlaInput> = {}): SlaInput {
  return {
    ...NOV,
    now: t('2027-01-15T00:00:00Z'),
    monitorCreatedAt: t('2026-01-01T00:00:00Z'),
    incidents: incidents(0, 0),
    maintenance: [],
    checks: { total: 0, successful: 0 },
    sloTarget: null,
    ...over,
  };
}

describe('slaReport', () => {
  it('a month without incidents is 100 % with no MTTR or MTBF', () => {
    expect(slaReport(input({ checks: { total: 8640, successful: 8640 } }))).toEqual({
      period: { from: '2026-11-01T00:00:00.000Z', to: '2026-12-01T00:00:00.000Z', monitored_seconds: MONTH_S },
      uptime_percentage: 100,
      downtime_seconds: 0,
      incidents: 0,
      mttr_seconds: null,
      mtbf_seconds: null,
      maintenance_seconds: 0,
      uptime_excluding_maintenance_percentage: 100,
      checks: { total: 8640, successful: 8640, uptime_percentage: 100 },
      slo: null,
    });
  });

  it('one resolved hour of downtime: uptime, MTTR and MTBF', () => {
    const r = slaReport(input({ incidents: incidents(1, HOUR_MS, HOUR_MS) }));
    expect(r).toMatchObject({ uptime_percentage: 99.861, downtime_seconds: 3600, incidents: 1, mttr_seconds: 3600, mtbf_seconds: MONTH_S - 3600 });
  });

  it('rounds MTTR and MTBF to whole seconds', () => {
    const r = slaReport(input({ incidents: incidents(2, 5_400_500, 5_399_938.5) }));
    expect(r).toMatchObject({ downtime_seconds: 5401, incidents: 2, mttr_seconds: 5400, mtbf_seconds: 1_293_300 }); // (2,592,000 s - 5,400.5 s) / 2 = 1,293,299.75 s
  });

  it('a period still under way ends at now', () => {
    const r = slaReport(input({ now: t('2026-11-21T12:00:00Z'), incidents: incidents(1, HOUR_MS) }));
    expect(r.period).toEqual({ from: '2026-11-01T00:00:00.000Z', to: '2026-11-21T12:00:00.000Z', monitored_seconds: 20 * 86_400 + 12 * 3600 });
    expect(r).toMatchObject({ downtime_seconds: 3600, incidents: 1, mttr_seconds: null });
  });

  it('nothing before the monitor existed counts', () => {
    const r = slaReport(input({ monitorCreatedAt: t('2026-11-16T00:00:00Z') }));
    expect(r.period).toEqual({ from: '2026-11-16T00:00:00.000Z', to: '2026-12-01T00:00:00.000Z', monitored_seconds: 15 * 86_400 });
  });

  it('downtime inside maintenance is forgiven in the figures that exclude maintenance', () => {
    const r = slaReport(
      input({
        // 10:30-11:30 and 20th 10:00-12:00: 3 h, of which 1 h + 1 h inside the maintenance below.
        incidents: incidents(2, 3 * HOUR_MS, 1.5 * HOUR_MS, 2 * HOUR_MS),
        maintenance: [
          { start: ms('2026-11-10T10:00:00Z'), end: ms('2026-11-10T12:00:00Z') },
          { start: ms('2026-11-20T11:00:00Z'), end: ms('2026-11-20T13:00:00Z') },
          { start: ms('2026-11-20T12:30:00Z'), end: ms('2026-11-20T13:30:00Z') },
        ],
      }),
    );
    // Maintenance 2 h + (11:00-13:30) 2.5 h; downtime 3 h of which 1 h + 1 h inside maintenance.
    expect(r).toMatchObject({ downtime_seconds: 3 * 3600, maintenance_seconds: 4.5 * 3600 });
    expect(r.uptime_percentage).toBe(Math.round(((MONTH_S - 3 * 3600) / MONTH_S) * 100_000) / 1000);
    const served = MONTH_S - 4.5 * 3600;
    expect(r.uptime_excluding_maintenance_percentage).toBe(Math.round(((served - 3600) / served) * 100_000) / 1000);
  });

  it('an SLO gets its error budget, used and remaining, maintenance excluded', () => {
    const r = slaReport(input({ sloTarget: 99.9, incidents: incidents(1, HOUR_MS, HOUR_MS) }));
    expect(r.slo).toEqual({
      target: 99.9,
      met: false,
      error_budget_seconds: 2592,
      error_budget_used_seconds: 3600,
      error_budget_remaining_seconds: -1008,
      error_budget_remaining_percentage: -38.889,
    });
    const ok = slaReport(input({ sloTarget: 99, incidents: incidents(1, HOUR_MS, HOUR_MS) }));
    expect(ok.slo).toMatchObject({ met: true, error_budget_seconds: 25_920, error_budget_remaining_seconds: 22_320, error_budget_remaining_percentage: 86.111 });
  });

  it('a monitor created 93 s ago has the budget of the rest of the period, not of 93 s (no −42,643 %)', () => {
    const now = t('2026-11-21T12:00:00Z');
    const created = new Date(now.getTime() - 93_000);
    const r = slaReport(input({ now, monitorCreatedAt: created, sloTarget: 99.9, incidents: incidents(1, 40_000) }));
    expect(r.period).toEqual({ from: created.toISOString(), to: now.toISOString(), monitored_seconds: 93 });
    const budget = 0.001 * (NOV.to.getTime() - created.getTime()); // ms, to the end of November
    expect(r.slo).toEqual({
      target: 99.9,
      met: false,
      error_budget_seconds: Math.round(budget / 1000),
      error_budget_used_seconds: 40,
      error_budget_remaining_seconds: Math.round((budget - 40_000) / 1000),
      error_budget_remaining_percentage: Math.round(((budget - 40_000) / budget) * 100_000) / 1000,
    });
    expect(r.slo?.error_budget_remaining_percentage).toBeGreaterThan(95);
    // Planned maintenance ahead is not part of the budget.
    const planned = slaReport(input({ now, monitorCreatedAt: created, sloTarget: 99.9, maintenance: [{ start: ms('2026-11-25T00:00:00Z'), end: ms('2026-11-26T00:00:00Z') }] }));
    expect(planned.slo?.error_budget_seconds).toBe(Math.round((budget - 0.001 * 86_400_000) / 1000));
  });

  it('an empty period (monitor created after it, or a period in the future) has no percentages', () => {
    const r = slaReport(input({ monitorCreatedAt: t('2026-12-05T00:00:00Z'), sloTarget: 99.9 }));
    expect(r).toMatchObject({ uptime_percentage: null, uptime_excluding_maintenance_percentage: null, incidents: 0, mtbf_seconds: null });
    expect(r.period.monitored_seconds).toBe(0);
    expect(r.slo).toMatchObject({ met: null, error_budget_seconds: 0, error_budget_remaining_percentage: null });
    expect(slaReport(input({ now: t('2026-10-01T00:00:00Z') })).period.monitored_seconds).toBe(0);
  });

  it('a period entirely under maintenance has no uptime excluding maintenance', () => {
    const r = slaReport(input({ maintenance: [{ start: ms('2026-10-01T00:00:00Z'), end: ms('2026-12-31T00:00:00Z') }] }));
    expect(r).toMatchObject({ maintenance_seconds: MONTH_S, uptime_excluding_maintenance_percentage: null, uptime_percentage: 100 });
  });
});
