import { csvField, slaCsv } from './sla-csv.js';
import { slaReport } from './sla-report.js';

describe('csvField', () => {
  it.each([
    [null, ''],
    [12, '12'],
    [99.95, '99.95'],
    [true, 'true'],
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@SUM', "'@SUM"],
  ])('%p -> %p', (value, expected) => expect(csvField(value)).toBe(expected));
});

describe('slaCsv', () => {
  it('writes a header row and a row per monitor', () => {
    const report = slaReport({
      from: new Date('2026-11-01T00:00:00Z'),
      to: new Date('2026-12-01T00:00:00Z'),
      now: new Date('2027-01-01T00:00:00Z'),
      monitorCreatedAt: new Date('2026-01-01T00:00:00Z'),
      incidents: { count: 1, downtimeMs: 3_600_000, inMaintenanceMs: 0, mttrMs: 3_600_000 },
      maintenance: [],
      checks: { total: 10, successful: 9 },
      sloTarget: 99.9,
    });
    const csv = slaCsv([{ monitor_id: 7, monitor_name: 'Shop, EU', report }]);
    const [header, row, end] = csv.split('\r\n');
    expect(header).toBe(
      'monitor_id,monitor_name,from,to,monitored_seconds,uptime_percentage,downtime_seconds,incidents,mttr_seconds,mtbf_seconds,maintenance_seconds,' +
        'uptime_excluding_maintenance_percentage,checks_total,checks_successful,checks_uptime_percentage,slo_target,slo_met,error_budget_seconds,' +
        'error_budget_used_seconds,error_budget_remaining_seconds,error_budget_remaining_percentage',
    );
    expect(row).toBe('7,"Shop, EU",2026-11-01T00:00:00.000Z,2026-12-01T00:00:00.000Z,2592000,99.861,3600,1,3600,2588400,0,99.861,10,9,90,99.9,false,2592,3600,-1008,-38.889');
    expect(end).toBe('');
  });
});
