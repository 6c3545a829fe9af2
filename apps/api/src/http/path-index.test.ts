import { pathIndex } from './path-index.js';

const routes = [
  ['/', 'root'],
  ['/api/v1/monitors', 'list'],
  ['/api/v1/monitors/export.csv', 'export'],
  ['/api/v1/monitors/:id', 'one'],
  ['/api/v1/monitors/:id/Pause', 'pause'],
  ['/status/:slug.json', 'page json'],
  ['/status/:slug', 'page'],
] as const;

const candidatesOf = pathIndex(routes, (names) => names.join(', '));

describe('pathIndex', () => {
  it.each([
    ['/', 'root'],
    ['//', 'root'],
    ['/api/v1/monitors', 'list'],
    ['/API/V1/Monitors/', 'list'],
    // A literal last segment keeps the same count's parameter routes, in declaration order.
    ['/api/v1/monitors/export.csv', 'export, one'],
    ['/api/v1/monitors/7', 'one'],
    ['/api/v1/monitors/7/PAUSE/', 'pause'],
    ['/status/main.json', 'page json, page'],
    ['/status/main', 'page json, page'],
  ])('%s: %s', (path, expected) => {
    expect(candidatesOf(path)).toBe(expected);
  });

  // Express still tests each candidate: '//status' is one of the shape of /status/:slug, and matches none.
  it.each([['//status', 'page json, page']])('%s: %s, by shape alone', (path, expected) => {
    expect(candidatesOf(path)).toBe(expected);
  });

  it.each(['/api/v1/monitors/7/resume', '/a/b/c/d/e/f', '/a/b/c/d/e/'])('%s: no route can match', (path) => {
    expect(candidatesOf(path)).toBeUndefined();
  });

  it('refuses a route whose pattern could span or skip a segment', () => {
    expect(() => pathIndex([['/files/*rest', 1]], (x) => x)).toThrow('cannot be indexed');
    expect(() => pathIndex([['/a{/:b}', 1]], (x) => x)).toThrow('cannot be indexed');
  });
});
