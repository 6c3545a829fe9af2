import { isValidTimeZone, localToUtc, utcToLocal, zoneOffsetMs } from './zoned-time.js';

const H = 3_600_000;
const local = (iso: string) => Date.parse(`${iso}Z`);
const utc = (iso: string) => Date.parse(iso);

describe('isValidTimeZone', () => {
  it.each(['UTC', 'Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kolkata'])('accepts %s', (tz) => expect(isValidTimeZone(tz)).toBe(true));
  it.each(['', 'Mars/Olympus', 'Europe/Berlinx', 'x'.repeat(65)])('refuses %p', (tz) => expect(isValidTimeZone(tz)).toBe(false));
});

describe('zoneOffsetMs', () => {
  it('reads standard and summer offsets', () => {
    expect(zoneOffsetMs('Europe/Berlin', utc('2026-01-15T12:00:00Z'))).toBe(1 * H);
    expect(zoneOffsetMs('Europe/Berlin', utc('2026-07-15T12:00:00Z'))).toBe(2 * H);
    expect(zoneOffsetMs('America/New_York', utc('2026-01-15T12:00:00Z'))).toBe(-5 * H);
    expect(zoneOffsetMs('Asia/Kolkata', utc('2026-01-15T12:00:00Z'))).toBe(5.5 * H);
    expect(zoneOffsetMs('UTC', utc('2026-01-15T12:00:00.789Z'))).toBe(0);
  });
});

describe('localToUtc / utcToLocal', () => {
  it('round-trips ordinary times', () => {
    for (const tz of ['UTC', 'Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe']) {
      const t = utc('2026-05-04T10:15:00Z');
      expect(localToUtc(utcToLocal(t, tz), tz)).toBe(t);
    }
  });

  it('reads a wall time that does not exist (spring forward) with the offset before the gap', () => {
    // Berlin, 2026-03-29: 02:00 CET jumps to 03:00 CEST; 02:30 is read as 02:30 CET = 01:30Z (03:30 CEST).
    expect(new Date(localToUtc(local('2026-03-29T02:30:00'), 'Europe/Berlin')).toISOString()).toBe('2026-03-29T01:30:00.000Z');
    // New York, 2026-03-08: 02:30 does not exist; read with EST (-5) = 07:30Z (03:30 EDT).
    expect(new Date(localToUtc(local('2026-03-08T02:30:00'), 'America/New_York')).toISOString()).toBe('2026-03-08T07:30:00.000Z');
  });

  it('reads a wall time that occurs twice (fall back) as the first', () => {
    // Berlin, 2026-10-25: 03:00 CEST goes back to 02:00 CET; 02:30 happens at 00:30Z and 01:30Z.
    expect(new Date(localToUtc(local('2026-10-25T02:30:00'), 'Europe/Berlin')).toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(new Date(localToUtc(local('2026-11-01T01:30:00'), 'America/New_York')).toISOString()).toBe('2026-11-01T05:30:00.000Z');
  });

  it('handles half-hour shifts (Lord Howe moves by 30 minutes)', () => {
    // 2026-04-05 02:00 (+11) goes back to 01:30 (+10:30); 01:45 occurs twice, first at +11.
    expect(new Date(localToUtc(local('2026-04-05T01:45:00'), 'Australia/Lord_Howe')).toISOString()).toBe('2026-04-04T14:45:00.000Z');
  });

  it('keeps times on both sides of a change exact', () => {
    expect(new Date(localToUtc(local('2026-03-29T01:59:00'), 'Europe/Berlin')).toISOString()).toBe('2026-03-29T00:59:00.000Z');
    expect(new Date(localToUtc(local('2026-03-29T03:00:00'), 'Europe/Berlin')).toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(new Date(utcToLocal(utc('2026-10-25T01:30:00Z'), 'Europe/Berlin')).toISOString()).toBe('2026-10-25T02:30:00.000Z');
  });
});
