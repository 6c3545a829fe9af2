import { createSecretBox } from '../security/secret-box.js';
import { MAX_URL_LENGTH, parseMonitorUrl, storedNormalizedUrl } from './monitor-url.js';

describe('parseMonitorUrl', () => {
  it.each([
    ['https://example.com', 'https://example.com/'],
    ['http://example.com/health?x=1', 'http://example.com/health?x=1'],
    ['  https://example.com/a  ', 'https://example.com/a'],
    ['HTTPS://Example.COM/Path', 'https://example.com/Path'],
    ['https://example.com:443/', 'https://example.com/'],
    ['http://example.com:80/', 'http://example.com/'],
    ['https://example.com:8443/', 'https://example.com:8443/'],
    ['https://example.com./x', 'https://example.com/x'],
    ['https://example.com/#section', 'https://example.com/'],
    ['https://user:pw@example.com/', 'https://user:pw@example.com/'],
    ['http://127.0.0.1:8080/status', 'http://127.0.0.1:8080/status'],
    ['http://[::1]/', 'http://[::1]/'],
    ['https://bücher.example/', 'https://xn--bcher-kva.example/'],
    ['http://intranet/', 'http://intranet/'],
    ['https://my_host.example/', 'https://my_host.example/'],
  ])('accepts %s (normalised %s)', (raw, normalized) => {
    expect(parseMonitorUrl(raw)).toEqual({ url: raw.trim(), normalized });
  });

  it.each([
    '',
    '   ',
    'example.com',
    '//example.com',
    'ftp://example.com/',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'mailto:a@example.com',
    'ws://example.com/',
    'http://',
    'https://',
    'http:///example.com',
    'http:/example.com',
    'https://exa mple.com/',
    'https://example.com/a b',
    'https://example.com/a\nb',
    'http://-/',
    'http://-bad.example/',
    'http://bad-.example/',
    'http://a..b/',
    'https://.',
    'not a url at all',
    'https://[::1/',
    'http://999.1.1.1/',
    `https://example.com/${'a'.repeat(MAX_URL_LENGTH)}`,
  ])('refuses %j', (raw) => {
    expect(parseMonitorUrl(raw)).toBeNull();
  });

  it('treats URLs that differ only in case of host, default port, trailing dot and fragment as the same', () => {
    const forms = ['https://Example.com', 'https://example.com:443/', 'https://EXAMPLE.COM./', 'https://example.com/#top'];
    expect(new Set(forms.map((f) => parseMonitorUrl(f)?.normalized)).size).toBe(1);
  });

  it('treats a path with and without trailing slashes as the same', () => {
    const forms = ['https://example.com/health', 'https://example.com/health/', 'https://EXAMPLE.com/health//'];
    expect(new Set(forms.map((f) => parseMonitorUrl(f)?.normalized))).toEqual(new Set(['https://example.com/health']));
    const withQuery = ['https://example.com/health?x=1', 'https://example.com/health/?x=1'];
    expect(new Set(withQuery.map((f) => parseMonitorUrl(f)?.normalized)).size).toBe(1);
    expect(parseMonitorUrl('https://example.com//')?.normalized).toBe('https://example.com/');
    expect(parseMonitorUrl('https://example.com/health/')?.url).toBe('https://example.com/health/');
  });

  it('keeps paths, queries, schemes and ports apart', () => {
    const forms = ['https://example.com/', 'https://example.com/a', 'https://example.com/?q=1', 'http://example.com/', 'https://example.com:8443/', 'https://example.com/A'];
    expect(new Set(forms.map((f) => parseMonitorUrl(f)?.normalized)).size).toBe(forms.length);
  });
});

describe('storedNormalizedUrl', () => {
  const box = createSecretBox('monitor-url-test-key-0123456789abcdef012345');
  const stored = (raw: string) => storedNormalizedUrl(parseMonitorUrl(raw)!.normalized, box.fingerprint);

  it('keeps a URL without user info as normalised', () => {
    expect(stored('HTTPS://Example.com:443/a/')).toBe('https://example.com/a');
  });

  it('replaces user info by a keyed hash: equal user info compares equal, other user info does not, no secret stored', () => {
    const a = stored('https://user:pw-secret@example.com/x');
    expect(a).toMatch(/^https:\/\/hmac-[A-Za-z0-9_-]{22}@example\.com\/x$/);
    expect(a).not.toContain('pw-secret');
    expect(stored('https://user:pw-secret@EXAMPLE.com:443/x/')).toBe(a);
    expect(stored('https://user:other@example.com/x')).not.toBe(a);
    expect(stored('https://USER:pw-secret@example.com/x')).not.toBe(a);
    expect(stored('https://user@example.com/x')).not.toBe(a);
    expect(stored('https://user:@example.com/x')).toBe(stored('https://user@example.com/x'));
    expect(storedNormalizedUrl(parseMonitorUrl('https://user:pw-secret@example.com/x')!.normalized, createSecretBox('other-key-0123456789abcdef0123456789').fingerprint)).not.toBe(a);
  });
});
