import { comparable, judgeDnsAnswers, keptAnswers, MAX_DNS_ANSWERS } from './dns-answers.js';

describe('comparable', () => {
  it('names without case and trailing dots; TXT and CAA as they are', () => {
    expect(comparable('CNAME', 'Edge.Example.COM.')).toBe('edge.example.com');
    expect(comparable('MX', '10 Mail.Example.com.')).toBe('10 mail.example.com');
    expect(comparable('AAAA', '2001:DB8::1')).toBe('2001:db8::1');
    expect(comparable('TXT', 'v=spf1 -ALL')).toBe('v=spf1 -ALL');
    expect(comparable('CAA', '0 issue "LetsEncrypt.org"')).toBe('0 issue "LetsEncrypt.org"');
  });
});

describe('judgeDnsAnswers', () => {
  const a = ['192.0.2.1', '192.0.2.2'];
  it('no expectations: any non-empty answer passes', () => {
    expect(judgeDnsAnswers('A', a, [], 'any')).toBeNull();
    expect(judgeDnsAnswers('A', [], [], 'any')).toBe('No A records in the answer');
  });
  it('any: one present is enough', () => {
    expect(judgeDnsAnswers('A', a, ['192.0.2.9', '192.0.2.2'], 'any')).toBeNull();
    expect(judgeDnsAnswers('A', a, ['192.0.2.9'], 'any')).toBe('None of the expected DNS values found: missing "192.0.2.9"; answer "192.0.2.1", "192.0.2.2"');
  });
  it('all: every one present', () => {
    expect(judgeDnsAnswers('A', a, ['192.0.2.1', '192.0.2.2'], 'all')).toBeNull();
    expect(judgeDnsAnswers('A', a, ['192.0.2.1', '192.0.2.3'], 'all')).toBe('Expected DNS values not all found: missing "192.0.2.3"; answer "192.0.2.1", "192.0.2.2"');
    expect(judgeDnsAnswers('A', [], ['192.0.2.1'], 'all')).toBe('Expected DNS values not all found: missing "192.0.2.1"; answer empty');
  });
  it('none: none present (an empty answer passes)', () => {
    expect(judgeDnsAnswers('A', a, ['192.0.2.9'], 'none')).toBeNull();
    expect(judgeDnsAnswers('A', [], ['192.0.2.9'], 'none')).toBeNull();
    expect(judgeDnsAnswers('A', a, ['192.0.2.1', '192.0.2.9'], 'none')).toBe('Unexpected DNS values present: "192.0.2.1"');
  });
  it('an MX matches by its exchange alone, names compare without case', () => {
    expect(judgeDnsAnswers('MX', ['10 mx1.example.com'], ['MX1.example.com.'], 'any')).toBeNull();
    expect(judgeDnsAnswers('MX', ['10 mx1.example.com'], ['20 mx1.example.com'], 'any')).not.toBeNull();
  });
  it('lists at most 5 answers in the text', () => {
    const many = Array.from({ length: 8 }, (_, i) => `192.0.2.${i}`);
    expect(judgeDnsAnswers('A', many, ['x'], 'any')).toMatch(/and 3 more$/);
  });
});

describe('keptAnswers', () => {
  it('caps the count and the length', () => {
    expect(keptAnswers(['a', 'b'])).toEqual({ answers: ['a', 'b'], truncated: false });
    const r = keptAnswers(Array.from({ length: MAX_DNS_ANSWERS + 5 }, () => 'x'));
    expect(r.answers).toHaveLength(MAX_DNS_ANSWERS);
    expect(r.truncated).toBe(true);
    expect(keptAnswers(['y'.repeat(600)]).answers[0]).toHaveLength(513);
  });
});
