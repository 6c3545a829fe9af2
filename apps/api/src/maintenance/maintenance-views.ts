import { nextOccurrences, occurrenceAt, scheduleOf, type MaintenanceWindow } from '@vigil/core';
import { Type, type Static } from '@sinclair/typebox';
import { iso } from '../http/iso.js';
import { DateTime, DateTimeOrNull, Nullable } from '../http/schema.js';
import { component } from '../http/components.js';

/** How many upcoming occurrences a window shows. */
export const NEXT_OCCURRENCES = 5;

const OccurrenceSchema = Type.Object({ starts_at: DateTime(), ends_at: DateTime() });

export const MaintenanceWindowSchema = component('MaintenanceWindow', Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  description: Nullable(Type.String()),
  applies_to_all: Type.Boolean(),
  monitor_ids: Type.Array(Type.Integer()),
  domain_ids: Type.Array(Type.Integer()),
  starts_at: DateTime(),
  ends_at: DateTimeOrNull({ description: 'One-off windows only' }),
  rrule: Nullable(Type.String(), { description: 'RFC 5545 RRULE of a recurring window', examples: ['FREQ=WEEKLY;BYDAY=SU'] }),
  duration_minutes: Nullable(Type.Integer(), { description: 'Length of each occurrence of a recurring window' }),
  timezone: Type.String({ examples: ['Europe/Berlin'] }),
  keep_checking: Type.Boolean({ description: 'false: covered monitors are not checked during the window' }),
  active: Type.Boolean({ description: 'An occurrence is under way now' }),
  current_occurrence: Nullable(OccurrenceSchema),
  next_occurrences: Type.Array(OccurrenceSchema, { description: `Up to ${NEXT_OCCURRENCES}, one under way included` }),
  created_at: DateTime(),
  updated_at: DateTime(),
}));

const occurrenceView = (o: { start: Date; end: Date }) => ({ starts_at: o.start.toISOString(), ends_at: o.end.toISOString() });

export function maintenanceWindowView(w: MaintenanceWindow, now: Date): Static<typeof MaintenanceWindowSchema> {
  const schedule = scheduleOf(w);
  const current = occurrenceAt(schedule, now);
  return {
    id: w.id,
    title: w.title,
    description: w.description,
    applies_to_all: w.appliesToAll,
    monitor_ids: w.monitorIds,
    domain_ids: w.domainIds,
    starts_at: w.startsAt.toISOString(),
    ends_at: iso(w.endsAt),
    rrule: w.rrule,
    duration_minutes: w.durationMinutes,
    timezone: w.timezone,
    keep_checking: w.keepChecking,
    active: current !== null,
    current_occurrence: current ? occurrenceView(current) : null,
    next_occurrences: nextOccurrences(schedule, now, NEXT_OCCURRENCES).map(occurrenceView),
    created_at: w.createdAt.toISOString(),
    updated_at: w.updatedAt.toISOString(),
  };
}
