import { DAY_MS, dayStart, daysAround, daysCovering, partitionDay, partitionName, partitionsBefore } from './check-partition-plan.js';

const d = (iso: string) => new Date(iso);

describe('check partition plan', () => {
  it('dayStart is 00:00 UTC of the day, for any instant of it', () => {
    expect(dayStart(d('2031-03-01T00:00:00.000Z'))).toEqual(d('2031-03-01T00:00:00Z'));
    expect(dayStart(d('2031-03-01T23:59:59.999Z'))).toEqual(d('2031-03-01T00:00:00Z'));
    expect(dayStart(d('1969-12-31T12:00:00Z'))).toEqual(d('1969-12-31T00:00:00Z'));
  });

  it('names a partition after its UTC day and reads the day back', () => {
    expect(partitionName(d('2024-02-29T18:30:00Z'))).toBe('checks_p20240229');
    expect(partitionDay('checks_p20240229')).toEqual(d('2024-02-29T00:00:00Z'));
    expect(partitionDay(partitionName(d('1999-12-31T23:59:59Z')))).toEqual(d('1999-12-31T00:00:00Z'));
  });

  it('reads no day from the default partition, other names or impossible dates', () => {
    for (const name of ['checks_default', 'checks', 'checks_p2024022', 'checks_p202402290', 'x_checks_p20240229', 'checks_p20230229', 'checks_p20241301']) {
      expect(partitionDay(name)).toBeNull();
    }
  });

  it('daysCovering lists every day from the first instant to the last, both included', () => {
    expect(daysCovering(d('2030-12-30T22:00:00Z'), d('2031-01-01T00:00:00Z'))).toEqual([
      d('2030-12-30T00:00:00Z'),
      d('2030-12-31T00:00:00Z'),
      d('2031-01-01T00:00:00Z'),
    ]);
    expect(daysCovering(d('2030-12-30T01:00:00Z'), d('2030-12-30T02:00:00Z'))).toEqual([d('2030-12-30T00:00:00Z')]);
    expect(daysCovering(d('2030-12-30T01:00:00Z'), d('2030-12-29T02:00:00Z'))).toEqual([]);
  });

  it('daysAround spans the days back and ahead of now', () => {
    const days = daysAround(d('2025-06-01T12:00:00Z'), 1, 7);
    expect(days).toHaveLength(9);
    expect(days[0]).toEqual(d('2025-05-31T00:00:00Z'));
    expect(days[8]).toEqual(d('2025-06-08T00:00:00Z'));
    expect(days.every((day, i) => i === 0 || day.getTime() - days[i - 1].getTime() === DAY_MS)).toBe(true);
  });

  it('partitionsBefore keeps the partition the cutoff falls in and every later one, oldest first', () => {
    const names = ['checks_default', 'checks_p20250503', 'checks_p20250501', 'checks_p20250502', 'checks_p20250430', 'other'];
    expect(partitionsBefore(names, d('2025-05-02T12:00:00Z'))).toEqual(['checks_p20250430', 'checks_p20250501']);
    // A cutoff exactly at midnight drops the day that just ended.
    expect(partitionsBefore(names, d('2025-05-03T00:00:00Z'))).toEqual(['checks_p20250430', 'checks_p20250501', 'checks_p20250502']);
    expect(partitionsBefore(names, d('2025-04-30T23:59:59Z'))).toEqual([]);
  });
});
