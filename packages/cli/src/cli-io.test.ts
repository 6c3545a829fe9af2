import { jsonLine } from './cli-io.js';

describe('jsonLine', () => {
  it('writes one line with a space after every colon and comma', () => {
    expect(jsonLine({ account_id: 7, api_key: 'vgl_x' })).toBe('{"account_id": 7, "api_key": "vgl_x"}');
  });

  it('nests, escapes, drops undefined fields and round-trips through JSON.parse', () => {
    const value = { a: [1, 'b, c', null], d: { e: true, f: 'say "hi": ok' }, g: undefined, h: new Date('2026-01-02T03:04:05Z'), i: [] };
    const line = jsonLine(value);
    expect(line).toBe('{"a": [1, "b, c", null], "d": {"e": true, "f": "say \\"hi\\": ok"}, "h": "2026-01-02T03:04:05.000Z", "i": []}');
    expect(JSON.parse(line)).toEqual(JSON.parse(JSON.stringify(value)));
    expect(line).not.toContain('\n');
  });
});
