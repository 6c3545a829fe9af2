import { ValidationError } from '../errors/errors.js';
import { coveringNames, nameCovers, normaliseHostname, requireHostname, normaliseScanTarget } from './hostname.js';

describe('normaliseHostname', () => {
  it.each([
    ['example.com', 'example.com'],
    ['Example.COM', 'example.com'],
    ['  www.example.com  ', 'www.example.com'],
    ['example.com.', 'example.com'],
    ['münchen.de', 'xn--mnchen-3ya.de'],
    ['MÜNCHEN.DE', 'xn--mnchen-3ya.de'],
    ['例子.测试', 'xn--fsqu00a.xn--0zwm56d'],
    ['xn--mnchen-3ya.de', 'xn--mnchen-3ya.de'],
    ['a-b.c-d.example', 'a-b.c-d.example'],
    ['1password.com', '1password.com'],
    [`${'a'.repeat(63)}.com`, `${'a'.repeat(63)}.com`],
    [`${'a.'.repeat(125)}com`, `${'a.'.repeat(125)}com`],
  ])('accepts %j as %j', (input, expected) => {
    expect(normaliseHostname(input)).toBe(expected);
  });

  it.each([
    [''],
    ['   '],
    ['localhost'],
    ['com'],
    ['1.2.3.4'],
    ['127.0.0.1'],
    ['0x7f.1'],
    ['::1'],
    ['[::1]'],
    ['2001:db8::1'],
    ['http://example.com'],
    ['example.com/path'],
    ['example.com:443'],
    ['user@example.com'],
    ['*.example.com'],
    ['exa mple.com'],
    ['ex%41mple.com'],
    ['a_b.example.com'],
    ['-bad.com'],
    ['bad-.com'],
    ['a..b.com'],
    ['.example.com'],
    ['example.123'],
    [`${'a'.repeat(64)}.com`],
    [`${'a.'.repeat(126)}com`],
    ['xn--zz.com'],
    ['example.com..'],
  ])('refuses %j', (input) => {
    expect(normaliseHostname(input)).toBeNull();
  });

  it.each([[null], [undefined], [42], [{}], [['example.com']], [true]])('refuses the non-string %j', (input) => {
    expect(normaliseHostname(input)).toBeNull();
  });
});

describe('requireHostname', () => {
  it('returns the normalised name', () => {
    expect(requireHostname('WWW.Example.com')).toBe('www.example.com');
  });

  it('throws the seed 400 message', () => {
    expect(() => requireHostname('not a host')).toThrow(ValidationError);
    expect(() => requireHostname('not a host')).toThrow('Invalid hostname');
  });
});

describe('nameCovers', () => {
  it.each([
    ['example.com', 'example.com', true],
    ['example.com', 'www.example.com', true],
    ['example.com', 'a.b.example.com', true],
    ['example.com', 'badexample.com', false],
    ['example.com', 'example.com.evil.net', false],
    ['www.example.com', 'example.com', false],
    ['example.com', 'example.org', false],
  ])('%s covers %s: %s', (name, host, expected) => {
    expect(nameCovers(name, host)).toBe(expected);
  });
});

describe('coveringNames', () => {
  it('lists the name and its parents down to two labels', () => {
    expect(coveringNames('a.b.example.com')).toEqual(['a.b.example.com', 'b.example.com', 'example.com']);
    expect(coveringNames('example.com')).toEqual(['example.com']);
  });
});

describe('normaliseScanTarget', () => {
  it.each([
    ['localhost', 'localhost'],
    ['LOCALHOST.', 'localhost'],
    ['127.0.0.1', '127.0.0.1'],
    [' 10.0.0.5 ', '10.0.0.5'],
    ['::1', '::1'],
    ['[::1]', '::1'],
    ['[FD00::1]', 'fd00::1'],
    ['Example.COM', 'example.com'],
  ])('with private targets allowed reads %p as %p', (input, expected) => expect(normaliseScanTarget(input, true)).toBe(expected));

  it.each(['127.1', '0x7f.0.0.1', '2130706433', 'localhost:443', 'http://127.0.0.1', '[::1]:443', 'local host', '', 42])(
    'refuses %p even with private targets allowed',
    (input) => expect(normaliseScanTarget(input, true)).toBeNull(),
  );

  it.each(['localhost', '127.0.0.1', '::1', '[::1]'])('refuses %p when private targets are not allowed', (input) => {
    expect(normaliseScanTarget(input, false)).toBeNull();
  });

  it('reads domain names as normaliseHostname does', () => {
    expect(normaliseScanTarget('bücher.example', false)).toBe(normaliseHostname('bücher.example'));
  });
});
