import { fieldDiff } from './audit-diff.js';

describe('fieldDiff', () => {
  it('lists only the fields that changed, dates as ISO text', () => {
    const at = new Date('2026-11-21T10:00:00Z');
    expect(fieldDiff({ name: 'a', port: 443, at, tags: ['x'] }, { name: 'b', port: 443, at: new Date(at), tags: ['x', 'y'] })).toEqual({
      name: { before: 'a', after: 'b' },
      tags: { before: ['x'], after: ['x', 'y'] },
    });
  });

  it('a create lists what it set (not its nulls), a delete what it removed', () => {
    expect(fieldDiff(null, { name: 'a', description: null })).toEqual({ name: { before: null, after: 'a' } });
    expect(fieldDiff({ name: 'a', description: null }, null)).toEqual({ name: { before: 'a', after: null } });
  });

  it('masks secret fields by name at any depth, and still tells a changed secret from an unchanged one', () => {
    expect(fieldDiff({ secrets: 'sealed-1', key_hash: 'h' }, { secrets: 'sealed-2', key_hash: 'h' })).toEqual({ secrets: { before: '****', after: '****' } });
    expect(fieldDiff({ headers: { Authorization: 'Bearer a', 'X-A': '1' } }, { headers: { Authorization: 'Bearer b', 'X-A': '1' } })).toEqual({
      headers: { before: { Authorization: '****', 'X-A': '1' }, after: { Authorization: '****', 'X-A': '1' } },
    });
    expect(fieldDiff(null, { ping_token: null, previousSecret: 'x' })).toEqual({ previousSecret: { before: null, after: '****' } });
  });

  it('bounds tenant text: long strings and lists are cut', () => {
    const diff = fieldDiff(null, { body: 'x'.repeat(10_000), ids: Array.from({ length: 1_000 }, (_, i) => i) });
    expect(diff.body.after).toBe(`${'x'.repeat(500)}… (9500 more characters)`);
    expect(diff.ids.after).toHaveLength(100);
    const wide = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, Array.from({ length: 100 }, (_v, j) => j)]));
    const leaves = JSON.stringify(fieldDiff(null, { report: wide }).report.after).split(',').length;
    expect(leaves).toBeLessThanOrEqual(2_100);
  });
});
