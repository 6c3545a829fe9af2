import { ValidationError } from '../errors/errors.js';
import { parseHeaderTarget, siteOf } from './header-target.js';

describe('parseHeaderTarget', () => {
  it.each([
    ['example.com', 'https://example.com/', 'example.com'],
    ['  Example.COM  ', 'https://example.com/', 'example.com'],
    ['example.com/', 'https://example.com/', 'example.com'],
    ['example.com:8443', 'https://example.com:8443/', 'example.com:8443'],
    ['example.com:443', 'https://example.com/', 'example.com'],
    ['sub.example.co.uk', 'https://sub.example.co.uk/', 'sub.example.co.uk'],
    ['localhost:3000', 'https://localhost:3000/', 'localhost:3000'],
    ['https://example.com', 'https://example.com/', 'example.com'],
    ['HTTP://example.com:8080/path?x=1#frag', 'http://example.com:8080/path?x=1', 'example.com:8080'],
    ['http://example.com:80/', 'http://example.com/', 'example.com'],
    ['example.com/login?next=/', 'https://example.com/login?next=/', 'example.com'],
    ['bücher.example', 'https://xn--bcher-kva.example/', 'xn--bcher-kva.example'],
    ['127.0.0.1', 'https://127.0.0.1/', '127.0.0.1'],
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080/', '127.0.0.1:8080'],
    ['[::1]:8443', 'https://[::1]:8443/', '[::1]:8443'],
    ['https://[2001:db8::1]/', 'https://[2001:db8::1]/', '[2001:db8::1]'],
    ['example.com.', 'https://example.com./', 'example.com.'],
  ])('%s → %s', (q, url, site) => {
    expect(parseHeaderTarget(q)).toEqual({ url, site });
  });

  it.each([
    '',
    '   ',
    'ftp://example.com',
    'javascript:alert(1)',
    'mailto:a@example.com',
    'file:///etc/passwd',
    'https://user:pass@example.com',
    'user@example.com',
    'exa mple.com',
    'example..com',
    '-example.com',
    'example-.com',
    'exa_mple.com',
    'example.com:0',
    'example.com:65536',
    'example.com:abc',
    'example.com:',
    '[::1',
    '[not-ipv6]:80',
    '1.2.3',
    '999.1.1.1',
    '0x7f.1',
    '123',
    'example.123',
    'https://',
    'http:///path',
    `${'a'.repeat(64)}.com`,
    `${'a.'.repeat(130)}com`,
    'example.com\\@evil.com',
  ])('%j is an invalid hostname', (q) => {
    expect(() => parseHeaderTarget(q)).toThrow(ValidationError);
    expect(() => parseHeaderTarget(q)).toThrow('Invalid hostname');
  });

  it('normalised URLs parse to themselves', () => {
    for (const q of ['example.com:8443', 'http://a.example/x?y=1', '[::1]:8443']) {
      const { url } = parseHeaderTarget(q);
      expect(parseHeaderTarget(url).url).toBe(url);
    }
  });

  it('siteOf gives host and non-default port', () => {
    expect(siteOf('https://example.com/')).toBe('example.com');
    expect(siteOf('https://example.com:8443/x')).toBe('example.com:8443');
  });
});
