import { ValidationError } from '@vigil/core';
import { validate } from '../http/validate.js';
import {
  assertObjectBody,
  canonicalFields,
  createMonitorSchema,
  MONITOR_INPUT_MESSAGES as M,
  updateMonitorSchema,
} from './monitor-input.js';

const base = { name: 'Site', url: 'https://example.com/' };

function messageOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ValidationError);
    return (e as Error).message;
  }
  throw new Error('expected a ValidationError');
}

const create = (extra: Record<string, unknown>) => messageOf(() => validate(createMonitorSchema, { ...base, ...extra }));
const update = (body: Record<string, unknown>) => messageOf(() => validate(updateMonitorSchema, body));

describe('create body', () => {
  it('accepts the minimal body and leaves defaults to the use-case', () => {
    expect(validate(createMonitorSchema, base)).toEqual(base);
  });

  it('accepts every field at its bounds', () => {
    const body = {
      ...base,
      method: 'post',
      check_interval: 3600,
      timeout: 60,
      expected_status_codes: [100, 599, 200, 200],
      expected_content: '',
      headers: { 'X-Token': 'abc', Accept: '' },
      body: '{"a":1}',
      alert_threshold: 10,
      degraded_threshold_ms: 60_000,
      follow_redirects: false,
      verify_ssl: false,
    };
    expect(canonicalFields(validate(createMonitorSchema, body))).toEqual({
      ...body,
      method: 'POST',
      expected_status_codes: [100, 599, 200],
      expected_content: null,
    });
  });

  it('drops unknown fields and is_active (not a create field)', () => {
    expect(validate(createMonitorSchema, { ...base, is_active: false, status: 'up', id: 5 })).toEqual(base);
  });

  it('trims the name', () => {
    expect(canonicalFields(validate(createMonitorSchema, { ...base, name: '  Site  ' })).name).toBe('Site');
  });

  it.each([
    [{ name: undefined }, M.name],
    [{ name: '' }, M.name],
    [{ name: '   ' }, M.name],
    [{ name: 'x'.repeat(201) }, M.name],
    [{ name: 5 }, M.name],
    [{ url: undefined }, M.url],
    [{ url: 'ftp://example.com' }, M.url],
    [{ url: 'https://' }, M.url],
    [{ url: 'garbage' }, M.url],
    [{ url: 42 }, M.url],
    [{ method: 'PUT' }, M.method],
    [{ method: 'DELETE' }, M.method],
    [{ method: 1 }, M.method],
    [{ check_interval: 120 }, 'Invalid interval'],
    [{ check_interval: 0 }, 'Invalid interval'],
    [{ check_interval: '300' }, 'Invalid interval'],
    [{ check_interval: 300.5 }, 'Invalid interval'],
    [{ check_interval: null }, 'Invalid interval'],
    [{ timeout: 0 }, M.timeout],
    [{ timeout: 61 }, M.timeout],
    [{ timeout: 1.5 }, M.timeout],
    [{ timeout: '30' }, M.timeout],
    [{ expected_status_codes: [] }, M.expectedStatusCodes],
    [{ expected_status_codes: [99] }, M.expectedStatusCodes],
    [{ expected_status_codes: [600] }, M.expectedStatusCodes],
    [{ expected_status_codes: [200.5] }, M.expectedStatusCodes],
    [{ expected_status_codes: ['200'] }, M.expectedStatusCodes],
    [{ expected_status_codes: 200 }, M.expectedStatusCodes],
    [{ expected_status_codes: Array.from({ length: 51 }, (_, i) => 200 + i) }, M.expectedStatusCodes],
    [{ expected_content: 5 }, M.expectedContent],
    [{ expected_content: 'x'.repeat(10_001) }, M.expectedContent],
    [{ headers: 'X-A: b' }, M.headers],
    [{ headers: ['a'] }, M.headers],
    [{ headers: null }, M.headers],
    [{ headers: { 'X-A': 5 } }, M.headers],
    [{ headers: { 'X-A': { b: 1 } } }, M.headers],
    [{ headers: { 'Bad Name': 'x' } }, M.headers],
    [{ headers: { 'X-A': 'a\r\nInjected: 1' } }, M.headers],
    // Values HTTP cannot carry (Node refuses them at request time, so every check would fail).
    [{ headers: { 'X-A': 'a\u0001b' } }, M.headers],
    [{ headers: { 'X-A': 'a\u007fb' } }, M.headers],
    [{ headers: { 'X-A': 'smile \u{1F600}' } }, M.headers],
    [{ headers: { 'X-A': 'caf\u00e9 \u20ac' } }, M.headers],
    [{ headers: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`X-${i}`, 'v'])) }, M.headers],
    [{ body: 5 }, M.requestBody],
    [{ body: 'x'.repeat(65_537) }, M.requestBody],
    [{ alert_threshold: 0 }, M.alertThreshold],
    [{ alert_threshold: 11 }, M.alertThreshold],
    [{ alert_threshold: 2.5 }, M.alertThreshold],
    [{ degraded_threshold_ms: 0 }, M.degradedThreshold],
    [{ degraded_threshold_ms: 60_001 }, M.degradedThreshold],
    [{ follow_redirects: 'true' }, M.followRedirects],
    [{ verify_ssl: 1 }, M.verifySsl],
  ])('%j -> %s', (extra, message) => {
    expect(create(extra)).toBe(message);
  });

  it('accepts header values of visible ASCII, Latin-1, spaces and tabs', () => {
    const headers = { 'X-A': 'caf\u00e9', 'X-B': 'a\tb c', 'X-C': '!~"\u00ff' };
    expect(validate(createMonitorSchema, { ...base, headers }).headers).toEqual(headers);
  });

  it('accepts each listed interval (the tier is checked later)', () => {
    for (const check_interval of [60, 300, 600, 1800, 3600]) {
      expect(validate(createMonitorSchema, { ...base, check_interval }).check_interval).toBe(check_interval);
    }
  });
});

describe('update body', () => {
  it('accepts any single field, is_active included', () => {
    expect(validate(updateMonitorSchema, { is_active: false })).toEqual({ is_active: false });
    expect(validate(updateMonitorSchema, { timeout: 10 })).toEqual({ timeout: 10 });
  });

  it('strips unknown fields (the route answers an empty result with a 400)', () => {
    expect(validate(updateMonitorSchema, { status: 'up' })).toEqual({});
  });

  it.each([
    [{ is_active: 'yes' }, M.isActive],
    [{ url: 'nope' }, M.url],
    [{ check_interval: 45 }, 'Invalid interval'],
    [{ name: '' }, M.name],
  ])('%j -> %s', (body, message) => {
    expect(update(body)).toBe(message);
  });
});

describe('assertObjectBody', () => {
  it.each([[[1]], ['text'], [5], [null], [true]])('refuses %j', (body) => {
    expect(messageOf(() => assertObjectBody(body))).toBe(M.body);
  });

  it('accepts an object or no body', () => {
    expect(() => assertObjectBody({})).not.toThrow();
    expect(() => assertObjectBody(undefined)).not.toThrow();
  });
});

describe('slo_target', () => {
  const parse = (slo_target: unknown) => validate(updateMonitorSchema, { slo_target });
  it.each([99.9, 99.999, 0.001, 50, null])('accepts %p', (v) => expect(parse(v)).toEqual({ slo_target: v }));
  it.each([0, 100, -1, 99.9999, '99.9', 150])('refuses %p', (v) => expect(messageOf(() => parse(v))).toBe(M.sloTarget));
});
