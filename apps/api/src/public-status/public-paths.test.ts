import { badgeTarget, isPublicPath, pageTarget } from './public-paths.js';

describe('public paths', () => {
  it('counts pages, badges and a custom hostname’s root paths as public, not the service’s own root or the API', () => {
    expect(isPublicPath('/status/acme', 'vigil.example', 'vigil.example')).toBe(true);
    expect(isPublicPath('/badges/t/status.svg', 'vigil.example', 'vigil.example')).toBe(true);
    expect(isPublicPath('/', 'status.acme.example', 'vigil.example')).toBe(true);
    expect(isPublicPath('/index.json', 'Status.Acme.example', 'vigil.example')).toBe(true);
    expect(isPublicPath('/', 'VIGIL.example', 'vigil.example')).toBe(false);
    expect(isPublicPath('/feed.atom', 'vigil.example', 'vigil.example')).toBe(false);
    expect(isPublicPath('/api/v1/uptime/monitors', 'status.acme.example', 'vigil.example')).toBe(false);
    expect(isPublicPath('/healthz', 'vigil.example', 'vigil.example')).toBe(false);
  });

  it('names the page and form of a path as the page routes do', () => {
    const host = () => 'status.acme.example';
    expect(pageTarget('/status/acme-1', host)).toEqual({ ref: { slug: 'acme-1' }, variant: 'html', route: '/status/:slug' });
    expect(pageTarget('/status/acme-1.json', host)).toEqual({ ref: { slug: 'acme-1' }, variant: 'json', route: '/status/:slug.json' });
    expect(pageTarget('/status/acme-1/feed.atom', host)).toEqual({ ref: { slug: 'acme-1' }, variant: 'atom', route: '/status/:slug/feed.atom' });
    expect(pageTarget('/', host)).toEqual({ ref: { hostname: 'status.acme.example' }, variant: 'html' });
    expect(pageTarget('/feed.atom', host)).toEqual({ ref: { hostname: 'status.acme.example' }, variant: 'atom' });
    expect(pageTarget('/', () => null)).toBeNull();
    for (const path of ['/status/UPPER', '/status/ab', '/status/acme/', '/status/%61cme', `/status/${'x'.repeat(61)}`, '/status/acme/other', '/api/v1/status-pages']) {
      expect(pageTarget(path, host)).toBeNull();
    }
  });

  it('names the badge of a path', () => {
    expect(badgeTarget('/badges/abc/uptime-24h.svg')).toEqual({ token: 'abc', badge: 'uptime-24h', format: 'svg' });
    expect(badgeTarget('/badges/abc/status.json')).toEqual({ token: 'abc', badge: 'status', format: 'json' });
    expect(badgeTarget('/badges/abc/status.png')).toBeNull();
    expect(badgeTarget('/badges/abc/x/status.svg')).toBeNull();
    expect(badgeTarget('/status/abc/status.svg')).toBeNull();
  });
});
