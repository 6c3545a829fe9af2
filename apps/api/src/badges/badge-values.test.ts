import { domainState } from '../domains/domain-state.js';
import { badgeFace, certificateFace, formatPercent, gradeFace, responseTimeFace, statusFace, uptimeColor, uptimeFace, type MonitorFacts } from './badge-values.js';
import { customLabel, renderBadgeSvg, renderShieldsEndpoint } from './render-badge.js';

describe('badge faces', () => {
  it('status by monitor state', () => {
    expect(statusFace('up', true)).toEqual({ label: 'status', message: 'up', color: 'brightgreen' });
    expect(statusFace('down', true).color).toBe('red');
    expect(statusFace('degraded', true).color).toBe('yellow');
    expect(statusFace('pending', true).color).toBe('lightgrey');
    expect(statusFace('up', false).message).toBe('paused');
  });

  it.each([
    [100, '100%', 'brightgreen'],
    [99.9, '99.9%', 'brightgreen'],
    [99.95, '99.95%', 'brightgreen'],
    [99.5, '99.5%', 'green'],
    [97, '97%', 'yellowgreen'],
    [95.01, '95.01%', 'yellow'],
    [90, '90%', 'orange'],
    [12.34, '12.34%', 'red'],
  ])('uptime %s reads %s in %s', (value, text, color) => {
    expect(formatPercent(value)).toBe(text);
    expect(uptimeColor(value)).toBe(color);
  });

  it('windows without checks say no data', () => {
    expect(uptimeFace('7d', null)).toEqual({ label: 'uptime 7d', message: 'no data', color: 'lightgrey' });
  });

  it.each([
    [null, 'no data', 'lightgrey'],
    [120, '120 ms', 'brightgreen'],
    [999, '999 ms', 'green'],
    [1500, '1500 ms', 'yellow'],
    [4999, '4999 ms', 'orange'],
    [6000, '6000 ms', 'red'],
  ])('response time %s', (ms, text, color) => {
    expect(responseTimeFace(ms)).toMatchObject({ message: text, color });
  });

  it('grades and expiry', () => {
    expect(gradeFace('tls', 'A+').color).toBe('brightgreen');
    expect(gradeFace('tls', 'C').color).toBe('yellow');
    expect(gradeFace('tls', 'F').color).toBe('red');
    expect(gradeFace('tls', null).message).toBe('not checked');
    const cert = (daysToExpiry: number | null, trusted: boolean | null = true) => certificateFace({ sslGrade: 'A', daysToExpiry, trusted });
    expect(cert(null, null).message).toBe('not checked');
    expect(cert(-3)).toMatchObject({ message: 'expired', color: 'red' });
    expect(cert(1)).toMatchObject({ message: 'expires in 1 day', color: 'red' });
    expect(cert(14).color).toBe('yellow');
    expect(cert(15).color).toBe('brightgreen');
    expect(cert(200, false)).toMatchObject({ message: 'untrusted', color: 'red' });
  });

  it('a domain badge and its status page row are coloured by the same judgement', () => {
    const facts = { kind: 'domain', sslGrade: 'F', daysToExpiry: 200, trusted: false, headerGrade: null } as const;
    expect(badgeFace(facts, 'tls-grade')?.color).toBe('red');
    expect(badgeFace(facts, 'cert-expiry')).toMatchObject({ message: 'untrusted', color: 'red' });
    expect(domainState(facts).level).toBe('critical');
  });

  it('names only the badges of the resource kind', () => {
    const facts: MonitorFacts = { kind: 'monitor', status: 'up', isActive: true, uptime: { '24h': 100, '7d': 99, '30d': null, '90d': 50 }, avgResponseMs: 5 };
    expect(badgeFace(facts, 'uptime-90d')?.message).toBe('50%');
    expect(badgeFace(facts, 'tls-grade')).toBeNull();
    expect(badgeFace({ kind: 'domain', sslGrade: 'B', daysToExpiry: 3, trusted: true, headerGrade: null }, 'status')).toBeNull();
  });
});

describe('rendering', () => {
  it('draws the flat style with widths that grow with the text and escapes it', () => {
    const short = renderBadgeSvg({ label: 'up', message: 'ok', color: 'brightgreen' });
    const long = renderBadgeSvg({ label: 'uptime 90 days', message: '99.99%', color: 'brightgreen' });
    const width = (svg: string) => Number(/^<svg[^>]* width="(\d+)"/.exec(svg)?.[1]);
    expect(width(long)).toBeGreaterThan(width(short));
    // Verdana 11px: "W" is wider than "i" (the per-character width table, not a fixed width).
    expect(width(renderBadgeSvg({ label: 'WWWW', message: 'x', color: 'red' }))).toBeGreaterThan(width(renderBadgeSvg({ label: 'iiii', message: 'x', color: 'red' })));
    const evil = renderBadgeSvg({ label: '<script>&"', message: "'", color: 'red' });
    expect(evil).not.toContain('<script>');
    expect(evil).toContain('&lt;script&gt;&amp;&quot;');
  });

  it('shields endpoint JSON and custom labels', () => {
    expect(renderShieldsEndpoint({ label: 'a', message: 'b', color: 'red' }, 60)).toEqual({ schemaVersion: 1, label: 'a', message: 'b', color: 'red', cacheSeconds: 60 });
    expect(customLabel(' api ')).toBe('api');
    expect(customLabel('a\u0000b\nc')).toBe('abc');
    expect(customLabel('x'.repeat(65))).toBeNull();
    expect(customLabel(['a'])).toBeNull();
    expect(customLabel('   ')).toBeNull();
  });
});
