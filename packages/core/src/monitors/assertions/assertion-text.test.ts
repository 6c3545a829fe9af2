import { cut, describeAssertion, joinFailures, MAX_FAILURES_TEXT, quoted, shownJson } from './assertion-text.js';

describe('assertion texts', () => {
  it('cuts long text with an ellipsis', () => {
    expect(cut('abc', 5)).toBe('abc');
    expect(cut('abcdef', 5)).toBe('abcde…');
  });

  it('quotes as JSON, so no line break or quote escapes the error', () => {
    expect(quoted('a"b\nc')).toBe('"a\\"b\\nc"');
    expect(quoted('z'.repeat(150))).toBe(`"${'z'.repeat(100)}…"`);
  });

  it('shows JSON values by kind, containers bounded', () => {
    expect(shownJson(null)).toBe('null');
    expect(shownJson(3.5)).toBe('3.5');
    expect(shownJson(false)).toBe('false');
    expect(shownJson([1, 'a'])).toBe('[1,"a"]');
    expect(shownJson({ a: 1 })).toBe('{"a":1}');
    expect(shownJson(Array.from({ length: 10_000 }, () => 1)).length).toBeLessThanOrEqual(101);
  });

  it('describes each kind of condition', () => {
    expect(describeAssertion({ source: 'header', name: 'etag', operator: 'not_exists' })).toBe('header etag not exists');
    expect(describeAssertion({ source: 'json_path', path: '$.a', operator: 'matches', value: '^x', flags: 'i' })).toBe('json $.a matches /^x/i');
    expect(describeAssertion({ source: 'json_path', path: '$.a', operator: 'equals', value: null })).toBe('json $.a equals null');
    expect(describeAssertion({ source: 'body', operator: 'not_contains', value: 'error' })).toBe('body not contains "error"');
    expect(describeAssertion({ source: 'certificate_expiry', operator: 'greater_than', value: 14 })).toBe('certificate days left greater than 14');
  });

  it('joins failures and counts those past the bound', () => {
    expect(joinFailures(['a', 'b'])).toBe('a; b');
    const many = Array.from({ length: 20 }, (_, i) => `Assertion failed: ${String(i).padStart(2, '0')} ${'x'.repeat(80)}`);
    const text = joinFailures(many);
    expect(text.length).toBeLessThan(MAX_FAILURES_TEXT + 50);
    expect(text).toMatch(/; and \d+ more failed assertions$/);
    expect(joinFailures([])).toBe('');
  });
});
