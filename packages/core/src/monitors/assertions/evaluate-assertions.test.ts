import type { Assertion, AssertionSubject } from './assertion.js';
import { assertionsNeedBody } from './assertion.js';
import { evaluateAssertions, MAX_JSON_NODES } from './evaluate-assertions.js';
import { UNSUPPORTED_PATTERN } from './user-regex.js';
import { HEADER_BOUNDS, JSON_BOUNDS } from '../../security/evaluation-bounds.js';

const NOW = new Date('2026-03-01T12:00:00Z');

/**
 * A query that never ends in practice: 300 × 300 × 90,000 steps (nested queries over a grid of
 * 300 arrays of 300 numbers, within the document bounds). Only the time bound stops it.
 */
const GRID = Buffer.from(JSON.stringify(Array.from({ length: 300 }, () => new Array<number>(300).fill(1))));
const RUNAWAY_PATH = '$[?count($[?count($[*][*]) > 0 && count($[*][*]) > 0 && count($[*][*]) > 0]) > 0 && count($[*][*]) > 0]';
const RUNAWAY: Assertion = { source: 'json_path', path: RUNAWAY_PATH, operator: 'exists' };

function subject(over: Partial<AssertionSubject> = {}): AssertionSubject {
  return {
    statusCode: 200,
    responseTimeMs: 120,
    headers: { 'content-type': 'application/json; charset=utf-8', 'set-cookie': ['a=1', 'b=2'], 'x-empty': '' },
    body: Buffer.from(JSON.stringify({ status: 'ok', version: '2.4.1', count: 3, ratio: 0.5, up: true, gone: null, tags: ['eu', 'prod'], items: [{ s: 'ok' }, { s: 'ok' }] })),
    bodyTruncated: false,
    certificateExpiresAt: new Date(NOW.getTime() + 20.5 * 86_400_000),
    now: NOW,
    ...over,
  };
}

const run = (a: Assertion, over: Partial<AssertionSubject> = {}) => evaluateAssertions([a], subject(over));

describe('evaluateAssertions: status code and response time', () => {
  it.each<[Assertion, boolean]>([
    [{ source: 'status_code', operator: 'equals', value: 200 }, true],
    [{ source: 'status_code', operator: 'equals', value: 201 }, false],
    [{ source: 'status_code', operator: 'not_equals', value: 500 }, true],
    [{ source: 'status_code', operator: 'not_equals', value: 200 }, false],
    [{ source: 'status_code', operator: 'less_than', value: 300 }, true],
    [{ source: 'status_code', operator: 'less_than', value: 200 }, false],
    [{ source: 'status_code', operator: 'greater_than', value: 199 }, true],
    [{ source: 'status_code', operator: 'greater_than', value: 200 }, false],
    [{ source: 'response_time', operator: 'less_than', value: 121 }, true],
    [{ source: 'response_time', operator: 'less_than', value: 120 }, false],
    [{ source: 'response_time', operator: 'greater_than', value: 119 }, true],
    [{ source: 'response_time', operator: 'greater_than', value: 120 }, false],
  ])('%j holds: %s', (a, holds) => {
    expect(run(a)).toHaveLength(holds ? 0 : 1);
  });

  it('names the condition and what was seen', () => {
    expect(run({ source: 'status_code', operator: 'equals', value: 201 })).toEqual(['Assertion failed: status code equals 201 (got 200)']);
    expect(run({ source: 'response_time', operator: 'less_than', value: 100 })).toEqual([
      'Assertion failed: response time less than 100 ms (got 120 ms)',
    ]);
  });
});

describe('evaluateAssertions: certificate days left', () => {
  it('counts whole days left at the check time', () => {
    expect(run({ source: 'certificate_expiry', operator: 'greater_than', value: 19 })).toEqual([]);
    expect(run({ source: 'certificate_expiry', operator: 'greater_than', value: 20 })).toEqual([
      'Assertion failed: certificate days left greater than 20 (got 20)',
    ]);
    expect(run({ source: 'certificate_expiry', operator: 'less_than', value: 21 })).toEqual([]);
  });

  it('goes negative once the certificate expired', () => {
    const expired = { certificateExpiresAt: new Date(NOW.getTime() - 1.5 * 86_400_000) };
    expect(run({ source: 'certificate_expiry', operator: 'greater_than', value: 0 }, expired)).toEqual([
      'Assertion failed: certificate days left greater than 0 (got -2)',
    ]);
  });

  it('fails without a certificate (plain http)', () => {
    expect(run({ source: 'certificate_expiry', operator: 'greater_than', value: 7 }, { certificateExpiresAt: null })).toEqual([
      'Assertion failed: certificate days left greater than 7 (no certificate: the check made no TLS connection)',
    ]);
  });
});

describe('evaluateAssertions: headers', () => {
  it.each<[Assertion, string | null]>([
    [{ source: 'header', name: 'Content-Type', operator: 'exists' }, null],
    [{ source: 'header', name: 'x-missing', operator: 'exists' }, 'Assertion failed: header x-missing exists (header absent)'],
    [{ source: 'header', name: 'x-missing', operator: 'not_exists' }, null],
    [{ source: 'header', name: 'x-empty', operator: 'exists' }, null],
    [{ source: 'header', name: 'x-empty', operator: 'not_exists' }, 'Assertion failed: header x-empty not exists (got "")'],
    [{ source: 'header', name: 'content-type', operator: 'equals', value: 'application/json; charset=utf-8' }, null],
    [
      { source: 'header', name: 'content-type', operator: 'equals', value: 'application/json' },
      'Assertion failed: header content-type equals "application/json" (got "application/json; charset=utf-8")',
    ],
    [{ source: 'header', name: 'content-type', operator: 'not_equals', value: 'text/html' }, null],
    [{ source: 'header', name: 'content-type', operator: 'contains', value: 'json' }, null],
    [{ source: 'header', name: 'content-type', operator: 'not_contains', value: 'json' }, 'Assertion failed: header content-type not contains "json" (got "application/json; charset=utf-8")'],
    [{ source: 'header', name: 'x-missing', operator: 'contains', value: 'a' }, 'Assertion failed: header x-missing contains "a" (header absent)'],
    [{ source: 'header', name: 'x-missing', operator: 'not_equals', value: 'a' }, 'Assertion failed: header x-missing not equals "a" (header absent)'],
    [{ source: 'header', name: 'content-type', operator: 'matches', value: '^APPLICATION/', flags: 'i' }, null],
    [{ source: 'header', name: 'content-type', operator: 'matches', value: '^APPLICATION/' }, 'Assertion failed: header content-type matches /^APPLICATION// (got "application/json; charset=utf-8")'],
    [{ source: 'header', name: 'set-cookie', operator: 'equals', value: 'a=1, b=2' }, null],
  ])('%j', (a, failure) => {
    expect(run(a)).toEqual(failure ? [failure] : []);
  });
});

describe('evaluateAssertions: body', () => {
  it('contains and not_contains search the body text', () => {
    expect(run({ source: 'body', operator: 'contains', value: '"status":"ok"' })).toEqual([]);
    expect(run({ source: 'body', operator: 'contains', value: 'healthy' })).toEqual(['Assertion failed: body contains "healthy" (not found)']);
    expect(run({ source: 'body', operator: 'not_contains', value: 'error' })).toEqual([]);
    expect(run({ source: 'body', operator: 'not_contains', value: 'prod' })).toEqual(['Assertion failed: body not contains "prod" (found)']);
  });

  it('matches a regular expression with flags', () => {
    expect(run({ source: 'body', operator: 'matches', value: '"version":"2\\.\\d+\\.\\d+"' })).toEqual([]);
    expect(run({ source: 'body', operator: 'matches', value: 'STATUS', flags: 'i' })).toEqual([]);
    expect(run({ source: 'body', operator: 'matches', value: '^ok$', flags: 'm' })).toEqual(['Assertion failed: body matches /^ok$/m (no match)']);
  });

  it('says when only the first 1 MiB was searched', () => {
    expect(run({ source: 'body', operator: 'contains', value: 'tail' }, { bodyTruncated: true })).toEqual([
      'Assertion failed: body contains "tail" (not found in the first 1 MiB of the body)',
    ]);
  });

  it('runs a catastrophic pattern in linear time (RE2): it answers, no backtracking', () => {
    // With a backtracking engine this outlives the universe; RE2 reads the 41 characters once.
    // The engine is under test here, not the 50 ms bound (a busy machine's first run of a
    // pattern, JIT and GC included, has taken longer): a bound of 10 s would still stop 2^40 steps.
    const body = Buffer.from(`${'a'.repeat(40)}b`);
    expect(evaluateAssertions([{ source: 'body', operator: 'matches', value: '^(a+)+$' }], subject({ body }), 10_000)).toEqual(['Assertion failed: body matches /^(a+)+$/ (no match)']);
    expect(evaluateAssertions([{ source: 'body', operator: 'matches', value: '^(a+)+b$' }], subject({ body }), 10_000)).toEqual([]);
  });

  it('fails a stored pattern RE2 cannot run (saved before issue 28) with a clear error, and judges the rest', () => {
    const body = Buffer.from('abab');
    const failures = evaluateAssertions(
      [
        { source: 'body', operator: 'matches', value: '(ab)\\1' },
        { source: 'header', name: 'content-type', operator: 'matches', value: 'json(?=;)' },
        { source: 'json_path', path: '$.x', operator: 'matches', value: '(?<!a)b' },
        { source: 'body', operator: 'matches', value: 'ab' },
      ],
      subject({ body }),
    );
    expect(failures).toEqual([
      `Assertion failed: body matches /(ab)\\1/ (${UNSUPPORTED_PATTERN})`,
      `Assertion failed: header content-type matches /json(?=;)/ (${UNSUPPORTED_PATTERN})`,
      `Assertion failed: json $.x matches /(?<!a)b/ (${UNSUPPORTED_PATTERN})`,
    ]);
  });

  it('stops a long evaluation at the time bound and names it', () => {
    // No step bound here: only time stops it.
    const failures = evaluateAssertions([RUNAWAY], subject({ body: GRID }), 20, Infinity);
    expect(failures).toEqual([`Assertion failed: json ${RUNAWAY_PATH.slice(0, 100)}… exists (stopped: the 20 ms time bound of this check's assertions passed)`]);
  });

  it('shares one time bound among the conditions of a check, and still judges the rest', () => {
    const body = GRID;
    const evil = RUNAWAY;
    const failures = evaluateAssertions(
      [
        { source: 'header', name: 'content-type', operator: 'matches', value: 'json' },
        evil,
        { source: 'header', name: 'content-type', operator: 'matches', value: 'xml' },
        { source: 'body', operator: 'contains', value: 'c' },
        { source: 'status_code', operator: 'equals', value: 200 },
      ],
      subject({ body }),
      20,
      Infinity,
    );
    expect(failures).toEqual([
      `Assertion failed: json ${RUNAWAY_PATH.slice(0, 100)}… exists (stopped: the 20 ms time bound of this check's assertions passed)`,
      "Assertion failed: header content-type matches /xml/ (not evaluated: the 20 ms time bound of this check's assertions passed)",
      'Assertion failed: body contains "c" (not found)',
    ]);
  });
});

describe('evaluateAssertions: JSON path', () => {
  it.each<[Assertion, string | null]>([
    [{ source: 'json_path', path: '$.status', operator: 'equals', value: 'ok' }, null],
    [{ source: 'json_path', path: '$.status', operator: 'equals', value: 'degraded' }, 'Assertion failed: json $.status equals "degraded" (got "ok")'],
    [{ source: 'json_path', path: '$.count', operator: 'equals', value: 3 }, null],
    [{ source: 'json_path', path: '$.count', operator: 'equals', value: '3' }, 'Assertion failed: json $.count equals "3" (got 3)'],
    [{ source: 'json_path', path: '$.up', operator: 'equals', value: true }, null],
    [{ source: 'json_path', path: '$.gone', operator: 'equals', value: null }, null],
    [{ source: 'json_path', path: '$.status', operator: 'not_equals', value: 'down' }, null],
    [{ source: 'json_path', path: '$.status', operator: 'not_equals', value: 'ok' }, 'Assertion failed: json $.status not equals "ok" (got "ok")'],
    [{ source: 'json_path', path: '$.count', operator: 'less_than', value: 4 }, null],
    [{ source: 'json_path', path: '$.ratio', operator: 'greater_than', value: 0.25 }, null],
    [{ source: 'json_path', path: '$.count', operator: 'greater_than', value: 3 }, 'Assertion failed: json $.count greater than 3 (got 3)'],
    [{ source: 'json_path', path: '$.status', operator: 'less_than', value: 3 }, 'Assertion failed: json $.status less than 3 (got "ok")'],
    [{ source: 'json_path', path: '$.version', operator: 'contains', value: '2.4' }, null],
    [{ source: 'json_path', path: '$.tags', operator: 'contains', value: 'prod' }, null],
    [{ source: 'json_path', path: '$.tags', operator: 'contains', value: 'us' }, 'Assertion failed: json $.tags contains "us" (got ["eu","prod"])'],
    [{ source: 'json_path', path: '$.tags', operator: 'not_contains', value: 'us' }, null],
    [{ source: 'json_path', path: '$.count', operator: 'contains', value: 3 }, 'Assertion failed: json $.count contains 3 (got 3)'],
    [{ source: 'json_path', path: '$.version', operator: 'matches', value: '^2\\.\\d+' }, null],
    [{ source: 'json_path', path: '$.count', operator: 'matches', value: '3' }, 'Assertion failed: json $.count matches /3/ (got 3)'],
    [{ source: 'json_path', path: '$.status', operator: 'exists' }, null],
    [{ source: 'json_path', path: '$.gone', operator: 'exists' }, null],
    [{ source: 'json_path', path: '$.missing', operator: 'exists' }, 'Assertion failed: json $.missing exists (nothing selected)'],
    [{ source: 'json_path', path: '$.missing', operator: 'not_exists' }, null],
    [{ source: 'json_path', path: '$.status', operator: 'not_exists' }, 'Assertion failed: json $.status not exists (got "ok")'],
    [{ source: 'json_path', path: '$.missing', operator: 'equals', value: 'x' }, 'Assertion failed: json $.missing equals "x" (nothing selected)'],
    [{ source: 'json_path', path: '$.items[*].s', operator: 'equals', value: 'ok' }, null],
    [{ source: 'json_path', path: '$.items[?@.s == "ok"]', operator: 'exists' }, null],
    [{ source: 'json_path', path: '$.items[?match(@.s, "o.")]', operator: 'exists' }, null],
    [{ source: 'json_path', path: '$..s', operator: 'not_equals', value: 'down' }, null],
  ])('%j', (a, failure) => {
    expect(run(a)).toEqual(failure ? [failure] : []);
  });

  it('requires every selected value to hold and shows the first that does not', () => {
    const body = Buffer.from(JSON.stringify({ checks: [{ s: 'ok' }, { s: 'degraded' }, { s: 'down' }] }));
    expect(run({ source: 'json_path', path: '$.checks[*].s', operator: 'equals', value: 'ok' }, { body })).toEqual([
      'Assertion failed: json $.checks[*].s equals "ok" (got "degraded")',
    ]);
  });

  it(`judges at most ${MAX_JSON_NODES} selected values`, () => {
    const values = Array.from({ length: MAX_JSON_NODES + 50 }, (_, i) => (i < MAX_JSON_NODES ? 1 : 2));
    const body = Buffer.from(JSON.stringify(values));
    expect(run({ source: 'json_path', path: '$[*]', operator: 'equals', value: 1 }, { body })).toEqual([]);
  });

  it('names a document too deep to query (the descent would recurse past its limit)', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 70; i++) deep = { a: deep };
    const [failure] = run({ source: 'json_path', path: '$..a', operator: 'exists' }, { body: Buffer.from(JSON.stringify(deep)) });
    expect(failure).toBe('Assertion failed: json $..a exists (body is not evaluated as JSON: it is nested deeper than 64 levels)');
  });

  it('names a body that is not JSON, and one cut at the read bound', () => {
    const a: Assertion = { source: 'json_path', path: '$.status', operator: 'exists' };
    expect(run(a, { body: Buffer.from('<html>') })).toEqual(['Assertion failed: json $.status exists (body is not JSON)']);
    expect(run(a, { body: Buffer.from('{"status":'), bodyTruncated: true })).toEqual([
      'Assertion failed: json $.status exists (body is not JSON: only its first 1 MiB was read)',
    ]);
  });

  it('never echoes a long target value in full', () => {
    const long = 'x'.repeat(5000);
    const [failure] = run({ source: 'json_path', path: '$.status', operator: 'equals', value: 'ok' }, { body: Buffer.from(JSON.stringify({ status: long })) });
    expect(failure).toBe(`Assertion failed: json $.status equals "ok" (got "${'x'.repeat(100)}…")`);
    const [header] = run({ source: 'header', name: 'x-big', operator: 'equals', value: 'a' }, { headers: { 'x-big': `${'y'.repeat(300)}\r\nInjected: 1` } });
    expect(header.length).toBeLessThan(200);
    expect(header).not.toContain('\n');
    const [obj] = run({ source: 'json_path', path: '$', operator: 'equals', value: 1 }, { body: Buffer.from(JSON.stringify({ big: long })) });
    expect(obj.length).toBeLessThan(250);
  });

  it('stops a JSONPath whose evaluation runs too long', () => {
    const doc = { a: Array.from({ length: 3000 }, (_, i) => ({ b: [{ c: i }, { c: i + 1 }] })) };
    const failures = evaluateAssertions([{ source: 'json_path', path: '$..[?$..[?@.c > 1]]', operator: 'exists' }], subject({ body: Buffer.from(JSON.stringify(doc)) }), 5);
    expect(failures).toEqual(["Assertion failed: json $..[?$..[?@.c > 1]] exists (stopped: the 5 ms time bound of this check's assertions passed)"]);
  });
});

describe('evaluateAssertions: several conditions', () => {
  it('judges all and names every failure in order', () => {
    const failures = evaluateAssertions(
      [
        { source: 'status_code', operator: 'equals', value: 200 },
        { source: 'json_path', path: '$.status', operator: 'equals', value: 'healthy' },
        { source: 'header', name: 'cache-control', operator: 'exists' },
      ],
      subject(),
    );
    expect(failures).toEqual(['Assertion failed: json $.status equals "healthy" (got "ok")', 'Assertion failed: header cache-control exists (header absent)']);
  });

  it('holds vacuously for no assertions', () => {
    expect(evaluateAssertions([], subject())).toEqual([]);
  });
});

describe('assertionsNeedBody', () => {
  it('is true only for body and JSON path conditions', () => {
    expect(assertionsNeedBody([{ source: 'status_code', operator: 'equals', value: 200 }, { source: 'header', name: 'a', operator: 'exists' }])).toBe(false);
    expect(assertionsNeedBody([{ source: 'body', operator: 'contains', value: 'a' }])).toBe(true);
    expect(assertionsNeedBody([{ source: 'json_path', path: '$', operator: 'exists' }])).toBe(true);
  });
});

describe('evaluateAssertions: bounds of what a target sends (issue 28)', () => {
  const exists: Assertion = { source: 'json_path', path: '$..x', operator: 'exists' };

  it('does not evaluate a document nested deeper than the bound', () => {
    const deep = `${'['.repeat(JSON_BOUNDS.maxDepth + 1)}${']'.repeat(JSON_BOUNDS.maxDepth + 1)}`;
    expect(evaluateAssertions([exists], subject({ body: Buffer.from(deep) }))).toEqual([
      `Assertion failed: json $..x exists (body is not evaluated as JSON: it is nested deeper than ${JSON_BOUNDS.maxDepth} levels)`,
    ]);
    const atBound = `${'['.repeat(JSON_BOUNDS.maxDepth - 1)}{"x":1}${']'.repeat(JSON_BOUNDS.maxDepth - 1)}`;
    expect(evaluateAssertions([exists], subject({ body: Buffer.from(atBound) }))).toEqual([]);
  });

  it('does not evaluate a document with more values than the bound', () => {
    const many = JSON.stringify(new Array<number>(JSON_BOUNDS.maxValues).fill(0));
    expect(evaluateAssertions([exists], subject({ body: Buffer.from(many) }))).toEqual([
      `Assertion failed: json $..x exists (body is not evaluated as JSON: it has more than ${JSON_BOUNDS.maxValues} values)`,
    ]);
    const enough = JSON.stringify(new Array<number>(JSON_BOUNDS.maxValues - 1).fill(0));
    expect(evaluateAssertions([{ source: 'json_path', path: '$[0]', operator: 'equals', value: 0 }], subject({ body: Buffer.from(enough) }))).toEqual([]);
  });

  it('stops a JSONPath query at its step bound, whatever the time, and judges the rest', () => {
    const failures = evaluateAssertions(
      [RUNAWAY, { source: 'json_path', path: '$[0][0]', operator: 'equals', value: 1 }, { source: 'json_path', path: '$[0][0]', operator: 'equals', value: 2 }],
      subject({ body: GRID }),
      600_000,
    );
    expect(failures).toEqual([
      `Assertion failed: json ${RUNAWAY_PATH.slice(0, 100)}… exists (not evaluated: the JSONPath query read more than ${JSON_BOUNDS.maxSteps} values)`,
      'Assertion failed: json $[0][0] equals 2 (got 1)',
    ]);
  });

  it('counts the reads of a query: a descent through a document within the bounds fits', () => {
    const doc = Buffer.from(JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ id: i, tags: ['a', 'b'] }))));
    expect(evaluateAssertions([{ source: 'json_path', path: '$..tags[1]', operator: 'equals', value: 'b' }], subject({ body: doc }), 600_000)).toEqual([]);
    // The first 100 selected values are judged: reaching them takes some 700 reads.
    expect(evaluateAssertions([{ source: 'json_path', path: '$..tags[1]', operator: 'equals', value: 'b' }], subject({ body: doc }), 600_000, 300)).toEqual([
      'Assertion failed: json $..tags[1] equals "b" (not evaluated: the JSONPath query read more than 300 values)',
    ]);
  });

  it('judges a header on its first HEADER_BOUNDS.maxValueChars characters', () => {
    const headers = { 'x-long': ['a'.repeat(HEADER_BOUNDS.maxValueChars - 2), 'needle'] };
    expect(evaluateAssertions([{ source: 'header', name: 'x-long', operator: 'contains', value: 'needle' }], subject({ headers }))).toEqual([
      'Assertion failed: header x-long contains "needle" (got "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa…")',
    ]);
    expect(evaluateAssertions([{ source: 'header', name: 'x-long', operator: 'matches', value: 'a, $' }], subject({ headers }))).toEqual([]);
  });

  it("runs JSONPath match() and search() on RE2, a pattern from the target's own JSON included", () => {
    const body = Buffer.from(JSON.stringify({ p: '^(a+)+$', items: [{ s: `${'a'.repeat(40)}b` }, { s: 'aaa' }], back: '(a)\\1' }));
    const selects = (path: string): Assertion => ({ source: 'json_path', path, operator: 'exists' });
    expect(evaluateAssertions([selects('$.items[?match(@.s, $.p)]')], subject({ body }))).toEqual([]);
    expect(evaluateAssertions([{ source: 'json_path', path: '$.items[?match(@.s, $.p)].s', operator: 'equals', value: 'aaa' }], subject({ body }))).toEqual([]);
    expect(evaluateAssertions([selects('$.items[?search(@.s, "b$")]')], subject({ body }))).toEqual([]);
    // A pattern RE2 cannot run matches nothing, as RFC 9535 says of invalid ones.
    expect(evaluateAssertions([{ source: 'json_path', path: '$.items[?search(@.s, $.back)]', operator: 'not_exists' }], subject({ body }))).toEqual([]);
  });
});
