import { ValidationError } from '../../errors/errors.js';
import { ASSERTIONS_MESSAGE, assertionsSchema, parseAssertions } from './parse-assertions.js';

const fails = (input: unknown) => {
  try {
    parseAssertions(input);
  } catch (e) {
    expect(e).toBeInstanceOf(ValidationError);
    return (e as Error).message;
  }
  throw new Error('accepted');
};

describe('parseAssertions', () => {
  it('accepts every source with its operators and keeps only its fields', () => {
    const input = [
      { source: 'status_code', operator: 'equals', value: 200 },
      { source: 'status_code', operator: 'less_than', value: 400 },
      { source: 'response_time', operator: 'less_than', value: 2000 },
      { source: 'header', name: 'Content-Type', operator: 'contains', value: 'json' },
      { source: 'header', name: 'x-request-id', operator: 'exists' },
      { source: 'header', name: 'server', operator: 'matches', value: '^nginx', flags: 'i' },
      { source: 'json_path', path: '$.status', operator: 'equals', value: 'ok' },
      { source: 'json_path', path: '$.count', operator: 'greater_than', value: 0.5 },
      { source: 'json_path', path: '$.maybe', operator: 'equals', value: null },
      { source: 'json_path', path: '$.flag', operator: 'not_equals', value: false },
      { source: 'json_path', path: '$.items[?@.s == "down"]', operator: 'not_exists' },
      { source: 'body', operator: 'matches', value: 'v\\d+', flags: '' },
      { source: 'body', operator: 'not_contains', value: 'error' },
      { source: 'certificate_expiry', operator: 'greater_than', value: 14 },
    ];
    const parsed = parseAssertions(input);
    expect(parsed).toHaveLength(input.length);
    expect(parsed[5]).toEqual({ source: 'header', name: 'server', operator: 'matches', value: '^nginx', flags: 'i' });
    // Empty flags are dropped.
    expect(parsed[11]).toEqual({ source: 'body', operator: 'matches', value: 'v\\d+' });
    expect(parsed[8]).toEqual({ source: 'json_path', path: '$.maybe', operator: 'equals', value: null });
  });

  it('takes null and [] as none', () => {
    expect(parseAssertions(null)).toEqual([]);
    expect(parseAssertions([])).toEqual([]);
  });

  it('refuses what is not a short array', () => {
    expect(fails({})).toBe(ASSERTIONS_MESSAGE);
    expect(fails('status == 200')).toBe(ASSERTIONS_MESSAGE);
    expect(fails(Array.from({ length: 21 }, () => ({ source: 'status_code', operator: 'equals', value: 200 })))).toBe(ASSERTIONS_MESSAGE);
    expect(parseAssertions(Array.from({ length: 20 }, () => ({ source: 'status_code', operator: 'equals', value: 200 })))).toHaveLength(20);
  });

  it.each<[unknown, string]>([
    ['x', 'Invalid assertions[0]: must be an object with a source and an operator'],
    [{ operator: 'equals', value: 200 }, 'Invalid assertions[0].source: must be one of status_code, response_time, header, json_path, body, certificate_expiry'],
    [{ source: 'dns', operator: 'equals' }, 'Invalid assertions[0].source: must be one of status_code, response_time, header, json_path, body, certificate_expiry'],
    [{ source: 'status_code', operator: 'contains', value: 200 }, 'Invalid assertions[0].operator: must be one of equals, not_equals, less_than, greater_than for source status_code'],
    [{ source: 'response_time', operator: 'equals', value: 200 }, 'Invalid assertions[0].operator: must be one of less_than, greater_than for source response_time'],
    [{ source: 'body', operator: 'exists' }, 'Invalid assertions[0].operator: must be one of contains, not_contains, matches for source body'],
    [{ source: 'status_code', operator: 'equals', value: '200' }, 'Invalid assertions[0].value: must be an integer from 100 to 599'],
    [{ source: 'status_code', operator: 'equals', value: 99 }, 'Invalid assertions[0].value: must be an integer from 100 to 599'],
    [{ source: 'status_code', operator: 'equals' }, 'Invalid assertions[0].value: must be an integer from 100 to 599'],
    [{ source: 'response_time', operator: 'less_than', value: 0 }, 'Invalid assertions[0].value: must be an integer from 1 to 60000 (milliseconds)'],
    [{ source: 'response_time', operator: 'less_than', value: 1.5 }, 'Invalid assertions[0].value: must be an integer from 1 to 60000 (milliseconds)'],
    [{ source: 'certificate_expiry', operator: 'greater_than', value: 4000 }, 'Invalid assertions[0].value: must be an integer from -3650 to 3650 (days)'],
    [{ source: 'header', operator: 'exists' }, 'Invalid assertions[0].name: must be an HTTP header name (a token of at most 200 characters)'],
    [{ source: 'header', name: 'bad name', operator: 'exists' }, 'Invalid assertions[0].name: must be an HTTP header name (a token of at most 200 characters)'],
    [{ source: 'header', name: 'a', operator: 'exists', value: 'x' }, 'Invalid assertions[0].value: must not be given for exists and not_exists'],
    [{ source: 'header', name: 'a', operator: 'equals', value: 1 }, 'Invalid assertions[0].value: must be a string of at most 1000 characters'],
    [{ source: 'header', name: 'a', operator: 'equals', value: 'x'.repeat(1001) }, 'Invalid assertions[0].value: must be a string of at most 1000 characters'],
    [{ source: 'body', operator: 'contains', value: '' }, 'Invalid assertions[0].value: must be a non-empty string of at most 1000 characters'],
    [{ source: 'body', operator: 'matches', value: '' }, 'Invalid assertions[0].value: must be a regular expression of 1 to 500 characters'],
    [{ source: 'body', operator: 'matches', value: 'a'.repeat(501) }, 'Invalid assertions[0].value: must be a regular expression of 1 to 500 characters'],
    [{ source: 'body', operator: 'matches', value: 'a', flags: 'g' }, 'Invalid assertions[0].flags: must be a combination of the flags i, m, s and u, each at most once'],
    [{ source: 'body', operator: 'matches', value: 'a', flags: 'ii' }, 'Invalid assertions[0].flags: must be a combination of the flags i, m, s and u, each at most once'],
    [{ source: 'body', operator: 'contains', value: 'a', flags: 'i' }, 'Invalid assertions[0].flags: is only taken by the matches operator'],
    [{ source: 'json_path', operator: 'exists' }, 'Invalid assertions[0].path: must be a JSONPath expression (RFC 9535) of 1 to 1000 characters, starting with $'],
    [{ source: 'json_path', path: '$.a', operator: 'equals', value: { a: 1 } }, 'Invalid assertions[0].value: must be a string (at most 1000 characters), a number, a boolean or null'],
    [{ source: 'json_path', path: '$.a', operator: 'equals' }, 'Invalid assertions[0].value: must be a string (at most 1000 characters), a number, a boolean or null'],
    [{ source: 'json_path', path: '$.a', operator: 'less_than', value: '3' }, 'Invalid assertions[0].value: must be a finite number'],
    [{ source: 'status_code', operator: 'equals', value: 200, path: '$' }, 'Invalid assertions[0]: unknown field "path" for source status_code'],
  ])('%j → %s', (item, message) => {
    expect(fails([item])).toBe(message);
  });

  it('compiles regular expressions and names a broken one', () => {
    expect(fails([{ source: 'status_code', operator: 'equals', value: 200 }, { source: 'body', operator: 'matches', value: '(unclosed' }])).toMatch(
      /^Invalid assertions\[1\]\.value: not a valid regular expression \(Invalid regular expression: .*\)$/,
    );
    expect(fails([{ source: 'header', name: 'a', operator: 'matches', value: '\\p{L}', flags: 'x' }])).toMatch(/^Invalid assertions\[0\]\.flags/);
    expect(parseAssertions([{ source: 'header', name: 'a', operator: 'matches', value: '\\p{L}', flags: 'u' }])).toHaveLength(1);
  });

  it.each(['(a)\\1', 'x(?=y)', 'x(?!y)', '(?<=a)b', '(?<!a)b', 'a{1001}'])('refuses %s, which the linear-time engine (RE2) does not run', (value) => {
    expect(fails([{ source: 'body', operator: 'matches', value }])).toMatch(
      /^Invalid assertions\[0\]\.value: not supported: patterns run on a linear-time engine \(RE2\), which has no backreferences and no lookaround \(error parsing regexp: .+\)$/,
    );
  });

  it.each(['^(a+)+$', '\\/api\\/v\\d+', '\\u00e9t\\u00e9', '(?<year>\\d{4})-\\d{2}', '[\\w.-]+@\\S+', 'a{2,1000}?'])('takes %s (JavaScript syntax RE2 runs)', (value) => {
    expect(parseAssertions([{ source: 'body', operator: 'matches', value }])).toHaveLength(1);
  });

  it('parses JSONPath expressions and names a broken one', () => {
    expect(fails([{ source: 'json_path', path: 'status', operator: 'exists' }])).toMatch(/^Invalid assertions\[0\]\.path: must be a JSONPath expression .* \(.+\)$/);
    expect(fails([{ source: 'json_path', path: '$.items[?@.s ==]', operator: 'exists' }])).toMatch(/^Invalid assertions\[0\]\.path: /);
  });
});

describe('assertionsSchema', () => {
  it('answers the parsed assertions and the precise error through joi', () => {
    expect(assertionsSchema.validate([{ source: 'status_code', operator: 'equals', value: 200 }]).value).toEqual([
      { source: 'status_code', operator: 'equals', value: 200 },
    ]);
    const { error } = assertionsSchema.validate([{ source: 'body', operator: 'matches', value: '[' }]);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error?.message).toMatch(/^Invalid assertions\[0\]\.value: not a valid regular expression/);
  });
});
