/**
 * Maintenance-window RRULEs: the cost of one evaluation ("is the window under way now?") of a
 * rule that never fires and of a weekly rule whose DTSTART is in 1970, before (rrule walking
 * from DTSTART, as up to issue 28) and after (bounded-rule.ts: expansion from the asked
 * period, at most RRULE_BOUNDS.maxIterations periods, cached per schedule and day).
 */
import { performance } from 'node:perf_hooks';
import rrulePackage from 'rrule';
import { expand, occurrenceAt, RRULE_BOUNDS, type MaintenanceSchedule } from '@vigil/core';
import type { BenchResult } from './run.js';

const { rrulestr } = rrulePackage;
const DAY_MS = 86_400_000;

const NEVER: MaintenanceSchedule = { startsAt: new Date('2026-01-01T00:00:00Z'), endsAt: null, rrule: 'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=31', durationMinutes: 60, timezone: 'UTC' };
const SINCE_1970: MaintenanceSchedule = { startsAt: new Date('1970-01-04T02:00:00Z'), endsAt: null, rrule: 'FREQ=DAILY;BYHOUR=2', durationMinutes: 60, timezone: 'UTC' };
const AT = new Date('2026-11-27T12:00:00Z');

/** The evaluation as it was: every period from DTSTART to the first occurrence past the range. */
function before(s: MaintenanceSchedule, at: Date): number {
  const dtstart = new Date(s.startsAt.getTime());
  return rrulestr(s.rrule ?? '', { dtstart }).between(new Date(at.getTime() - DAY_MS - 3_600_000), new Date(at.getTime() + DAY_MS), true, (_d, i) => i < 1000).length;
}

function ms(work: () => unknown, runs: number): number {
  const t = performance.now();
  for (let i = 0; i < runs; i++) work();
  return (performance.now() - t) / runs;
}

export default function recurrence(): Promise<BenchResult> {
  const lines: string[] = [];
  for (const [name, s] of [
    ['never-firing FREQ=DAILY;BYMONTH=2;BYMONTHDAY=31', NEVER],
    ['daily rule from 1970-01-04', SINCE_1970],
  ] as const) {
    const old = ms(() => before(s, AT), 1);
    const walk = expand(s, AT, new Date(AT.getTime() + 1));
    const cold = ms(() => expand(s, AT, new Date(AT.getTime() + 1)), 3);
    let day = 0;
    // A different day each run: no cache hit.
    const uncached = ms(() => occurrenceAt(s, new Date(AT.getTime() + DAY_MS * ++day)), 3);
    occurrenceAt(s, AT);
    const cached = ms(() => occurrenceAt(s, AT), 1000);
    lines.push(
      `${name}: before ${old.toFixed(1)} ms per evaluation; after ${cold.toFixed(2)} ms uncached (${walk.iterations} periods walked${walk.capped ? `, capped at ${RRULE_BOUNDS.maxIterations}` : ''}), ` +
        `occurrenceAt of a new day ${uncached.toFixed(2)} ms, cached ${(cached * 1000).toFixed(1)} µs`,
    );
  }
  return Promise.resolve({ name: 'recurrence', lines });
}
