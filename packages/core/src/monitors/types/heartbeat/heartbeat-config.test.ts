import { ValidationError } from '../../../errors/errors.js';
import { HEARTBEAT_CONFIG_MESSAGES as M, HEARTBEAT_CONFIG_SCHEMA } from './heartbeat-config.js';

/** As the API validates a config: strict JSON types, unknown keys dropped, the first error. */
function check(input: Record<string, unknown>) {
  const { value, error } = HEARTBEAT_CONFIG_SCHEMA.validate(input, { abortEarly: true, convert: false, stripUnknown: true });
  if (error) throw error instanceof ValidationError ? error : new ValidationError(error.details[0]?.message ?? error.message);
  return value;
}

const defaults = { period: null, cron: null, timezone: null, grace: 3600, min_duration: null, max_duration: null };

describe('heartbeat config', () => {
  it('defaults to a daily period with an hour of grace', () => {
    expect(check({})).toEqual({ ...defaults, period: 86_400 });
  });

  it('takes a period with durations', () => {
    expect(check({ period: 300, grace: 60, min_duration: 5, max_duration: 120 })).toEqual({ ...defaults, period: 300, grace: 60, min_duration: 5, max_duration: 120 });
  });

  it('takes a cron in a zone (UTC by default) and tidies its spacing', () => {
    expect(check({ cron: ' 0  3 * * MON ', timezone: 'Europe/Berlin' })).toEqual({ ...defaults, cron: '0 3 * * MON', timezone: 'Europe/Berlin' });
    expect(check({ cron: '*/5 * * * *' })).toEqual({ ...defaults, cron: '*/5 * * * *', timezone: 'UTC' });
  });

  it('drops a time zone without cron (switching from cron to a period)', () => {
    expect(check({ period: 600, cron: null, timezone: 'Europe/Berlin' })).toEqual({ ...defaults, period: 600 });
  });

  it.each([
    [{ period: 3600, cron: '* * * * *' }, M.schedule],
    [{ period: 59 }, M.period],
    [{ period: 2_592_001 }, M.period],
    [{ period: 3600.5 }, M.period],
    [{ period: '3600' }, M.period],
    [{ cron: 5 }, M.cron],
    [{ cron: '' }, M.cron],
    [{ cron: '* * * *' }, 'Invalid config.cron: cron must have five fields (minute hour day-of-month month day-of-week)'],
    [{ cron: '0 0 30 2 *' }, 'Invalid config.cron: cron never fires'],
    [{ cron: '61 * * * *' }, expect.stringMatching(/^Invalid config\.cron: cron is not valid/)],
    [{ cron: '* * * * *', timezone: 'Mars/Olympus' }, M.timezone],
    [{ cron: '* * * * *', timezone: 7 }, M.timezone],
    [{ grace: 59 }, M.grace],
    [{ grace: null }, M.grace],
    [{ min_duration: -1 }, M.minDuration],
    [{ max_duration: 0 }, M.maxDuration],
    [{ min_duration: 60, max_duration: 60 }, M.durations],
  ])('refuses %p', (input, message) => {
    expect(() => check(input)).toThrow(expect.objectContaining({ message }));
  });

  it('accepts a leap-day cron (it fires every four years)', () => {
    expect(check({ cron: '0 0 29 2 *' }).cron).toBe('0 0 29 2 *');
  });
});
