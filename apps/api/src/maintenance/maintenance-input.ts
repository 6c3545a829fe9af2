import Joi from 'joi';
import { assertRruleFires, isValidTimeZone, localToUtc, normaliseRrule, ValidationError, type MaintenanceWindow } from '@vigil/core';
import { annotated } from '../http/joi-schema.js';
import { trimmedString, validate } from '../http/validate.js';
import { idListField } from '../http/id-list.js';
import { parseIsoDate } from '../monitors/date-query.js';

/** A recurring occurrence lasts at most a week; a one-off window at most a year. */
export const MAX_DURATION_MINUTES = 7 * 24 * 60;
const MAX_ONE_OFF_MS = 366 * 86_400_000;

/** The body of a create or update, as sent (JSON names). */
export interface MaintenanceInput {
  title?: string;
  description?: string | null;
  applies_to_all?: boolean;
  monitor_ids?: number[];
  domain_ids?: number[];
  starts_at?: string;
  ends_at?: string | null;
  rrule?: string | null;
  duration_minutes?: number | null;
  timezone?: string;
  keep_checking?: boolean;
}

// Not `format: date-time`: a date-time without an offset is accepted (a wall time in timezone).
const timestamp = (field: string) => Joi.string().max(64).messages({ '*': `Invalid ${field}: must be an ISO 8601 date-time, e.g. 2026-12-06T02:00:00Z` });

/** The body of a create and of an update (title is required on create, checked below so that the first error stays the same). */
export const maintenanceBody = Joi.object<MaintenanceInput>({
  title: trimmedString(200).messages({ '*': 'Invalid title: must be a string of 1 to 200 characters' }).description('Required on create'),
  description: Joi.string().max(2000).allow(null, '').messages({ '*': 'Invalid description: must be a string of at most 2000 characters, or null' }),
  applies_to_all: annotated(Joi.boolean().messages({ '*': 'Invalid applies_to_all: must be a boolean' }), { default: false }).description(
    'Every monitor and domain of the account, present and future',
  ),
  monitor_ids: idListField('monitor_ids').description("The account's own monitors"),
  domain_ids: idListField('domain_ids').description("The account's own domains"),
  starts_at: timestamp('starts_at').description('Recurring windows: the first start (its wall time in timezone is the rule\'s DTSTART)'),
  ends_at: timestamp('ends_at').allow(null).description('One-off windows; at most 366 days after starts_at'),
  rrule: Joi.string()
    .max(500)
    .allow(null)
    .messages({ '*': 'Invalid rrule: must be one RFC 5545 RRULE, e.g. FREQ=WEEKLY;BYDAY=SU' })
    .description('DAILY, WEEKLY, MONTHLY or YEARLY; at most 24 starts a day; no DTSTART or TZID'),
  duration_minutes: Joi.number()
    .integer()
    .min(1)
    .max(MAX_DURATION_MINUTES)
    .allow(null)
    .messages({ '*': `Invalid duration_minutes: must be an integer from 1 to ${MAX_DURATION_MINUTES}` })
    .description('Recurring windows: how long each occurrence lasts'),
  timezone: annotated(Joi.string().max(64).messages({ '*': 'Invalid timezone: must be an IANA time zone name, e.g. Europe/Berlin' }), { default: 'UTC' }),
  keep_checking: annotated(Joi.boolean().messages({ '*': 'Invalid keep_checking: must be a boolean' }), { default: true }).description(
    'Scheduled checks of covered monitors go on during the window (recorded in_maintenance, alerting nothing); false stops them',
  ),
})
  .description(
    "One-off: starts_at and ends_at. Recurring: starts_at (the first start; its wall time in timezone is the rule's DTSTART), rrule and duration_minutes. " +
      'A date-time without an offset is a wall time in timezone.',
  )
  .example({ title: 'Database upgrade', monitor_ids: [42], starts_at: '2026-12-06T02:00:00+01:00', ends_at: '2026-12-06T04:00:00+01:00', timezone: 'Europe/Berlin' })
  .example({ title: 'Weekly deploy', applies_to_all: true, starts_at: '2026-12-06T02:00:00', rrule: 'FREQ=WEEKLY;BYDAY=SU', duration_minutes: 30, timezone: 'Europe/Berlin' });

export function parseMaintenanceBody(body: unknown, opts: { update: boolean }): MaintenanceInput {
  const input = validate(maintenanceBody, body);
  if (opts.update && Object.keys(input).length === 0) throw new ValidationError('Invalid request body: give at least one field to update');
  if (!opts.update && input.title === undefined) throw new ValidationError('Invalid title: must be a string of 1 to 200 characters');
  return input;
}

/** A date-time; without an offset it is a wall time in the window's time zone. */
export function parseWindowTime(text: string, field: string, timezone: string): Date {
  const parsed = parseIsoDate(text);
  if (!parsed || parsed.dateOnly) throw new ValidationError(`Invalid ${field}: must be an ISO 8601 date-time, e.g. 2026-12-06T02:00:00Z`);
  const hasOffset = /(?:[Zz]|[+-]\d{2}(?::?\d{2})?)$/.test(text.trim());
  return hasOffset ? parsed.at : new Date(localToUtc(parsed.at.getTime(), timezone));
}

/** Sending one kind's field (rrule or duration_minutes; ends_at) makes the window that kind. */
function isRecurring(input: MaintenanceInput, current: WindowFields | null): boolean {
  if (input.rrule !== undefined) return input.rrule !== null;
  if (input.duration_minutes !== undefined && input.duration_minutes !== null) return true;
  if (input.ends_at !== undefined && input.ends_at !== null) return false;
  return current !== null && current.rrule !== null;
}

type WindowFields = Pick<
  MaintenanceWindow,
  'title' | 'description' | 'appliesToAll' | 'monitorIds' | 'domainIds' | 'startsAt' | 'endsAt' | 'rrule' | 'durationMinutes' | 'timezone' | 'keepChecking'
>;

/** The fields that say when a recurring window happens: changing one checks that its rule still fires. */
const SCHEDULE_FIELDS = ['starts_at', 'rrule', 'duration_minutes', 'timezone'] as const;

/**
 * The window after applying `input` to `current` (nothing for a create), checked as a whole:
 * one-off (starts_at + ends_at) or recurring (starts_at + rrule + duration_minutes, a rule that
 * occurs within the look-ahead from `now` when it is new or its schedule changes), and
 * covering something.
 */
export function resolveWindow(input: MaintenanceInput, current: WindowFields | null, now: Date): WindowFields {
  const timezone = input.timezone ?? current?.timezone ?? 'UTC';
  if (!isValidTimeZone(timezone)) throw new ValidationError('Invalid timezone: must be an IANA time zone name, e.g. Europe/Berlin');
  const startsAt = input.starts_at !== undefined ? parseWindowTime(input.starts_at, 'starts_at', timezone) : current?.startsAt;
  if (!startsAt) throw new ValidationError('Invalid starts_at: must be an ISO 8601 date-time, e.g. 2026-12-06T02:00:00Z');

  const recurring = isRecurring(input, current);
  let endsAt: Date | null = null;
  let rrule: string | null = null;
  let durationMinutes: number | null = null;
  if (recurring) {
    if (input.ends_at) throw new ValidationError('Invalid window: give ends_at for a one-off window or rrule with duration_minutes for a recurring one, not both');
    const rule = input.rrule ?? current?.rrule;
    if (!rule) throw new ValidationError('Invalid rrule: a recurring window needs rrule and duration_minutes');
    rrule = normaliseRrule(rule);
    durationMinutes = input.duration_minutes ?? current?.durationMinutes ?? null;
    if (durationMinutes === null) throw new ValidationError('Invalid duration_minutes: a recurring window needs rrule and duration_minutes');
    if (!current?.rrule || SCHEDULE_FIELDS.some((f) => input[f] !== undefined)) {
      assertRruleFires({ startsAt, endsAt: null, rrule, durationMinutes, timezone }, now);
    }
  } else {
    if (input.rrule || input.duration_minutes) {
      throw new ValidationError('Invalid window: give ends_at for a one-off window or rrule with duration_minutes for a recurring one, not both');
    }
    endsAt = input.ends_at ? parseWindowTime(input.ends_at, 'ends_at', timezone) : (current?.endsAt ?? null);
    if (!endsAt) throw new ValidationError('Invalid ends_at: a one-off window needs starts_at and ends_at (or give rrule and duration_minutes)');
    if (endsAt <= startsAt) throw new ValidationError('Invalid ends_at: must be after starts_at');
    if (endsAt.getTime() - startsAt.getTime() > MAX_ONE_OFF_MS) throw new ValidationError('Invalid ends_at: a one-off window lasts at most 366 days');
  }

  const appliesToAll = input.applies_to_all ?? current?.appliesToAll ?? false;
  const monitorIds = input.monitor_ids ?? current?.monitorIds ?? [];
  const domainIds = input.domain_ids ?? current?.domainIds ?? [];
  if (!appliesToAll && !monitorIds.length && !domainIds.length) {
    throw new ValidationError('Invalid scope: give monitor_ids or domain_ids, or applies_to_all: true');
  }
  const description = input.description !== undefined ? input.description || null : (current?.description ?? null);
  return {
    title: input.title ?? current?.title ?? '',
    description,
    appliesToAll,
    monitorIds,
    domainIds,
    startsAt,
    endsAt,
    rrule,
    durationMinutes,
    timezone,
    keepChecking: input.keep_checking ?? current?.keepChecking ?? true,
  };
}
