import { nextOccurrences, occurrenceAt, scheduleOf, type MaintenanceWindow } from '@vigil/core';
import { iso } from '../http/iso.js';

/** How many upcoming occurrences a window shows. */
export const NEXT_OCCURRENCES = 5;

const OCCURRENCE_SCHEMA = {
  type: 'object',
  properties: { starts_at: { type: 'string', format: 'date-time' }, ends_at: { type: 'string', format: 'date-time' } },
};

export const MAINTENANCE_WINDOW_SCHEMA = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    title: { type: 'string' },
    description: { type: ['string', 'null'] },
    applies_to_all: { type: 'boolean' },
    monitor_ids: { type: 'array', items: { type: 'integer' } },
    domain_ids: { type: 'array', items: { type: 'integer' } },
    starts_at: { type: 'string', format: 'date-time' },
    ends_at: { type: ['string', 'null'], format: 'date-time', description: 'One-off windows only' },
    rrule: { type: ['string', 'null'], description: 'RFC 5545 RRULE of a recurring window', examples: ['FREQ=WEEKLY;BYDAY=SU'] },
    duration_minutes: { type: ['integer', 'null'], description: 'Length of each occurrence of a recurring window' },
    timezone: { type: 'string', examples: ['Europe/Berlin'] },
    keep_checking: { type: 'boolean', description: 'false: covered monitors are not checked during the window' },
    active: { type: 'boolean', description: 'An occurrence is under way now' },
    current_occurrence: { oneOf: [OCCURRENCE_SCHEMA, { type: 'null' }] },
    next_occurrences: { type: 'array', items: OCCURRENCE_SCHEMA, description: `Up to ${NEXT_OCCURRENCES}, one under way included` },
    created_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
  },
};

const occurrenceView = (o: { start: Date; end: Date }) => ({ starts_at: o.start.toISOString(), ends_at: o.end.toISOString() });

export function maintenanceWindowView(w: MaintenanceWindow, now: Date) {
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
