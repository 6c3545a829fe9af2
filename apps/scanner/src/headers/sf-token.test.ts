import { structuredFieldToken } from './sf-token.js';

describe('structuredFieldToken', () => {
  it('reads a bare token, with surrounding spaces', () => {
    expect(structuredFieldToken('same-origin')).toBe('same-origin');
    expect(structuredFieldToken('  require-corp  ')).toBe('require-corp');
  });

  it('ignores parameters of any bare-item type', () => {
    expect(structuredFieldToken('same-origin; report-to="coop"')).toBe('same-origin');
    expect(structuredFieldToken('credentialless;a=1;b=?1;c=tok;d=:AQ==:;e=2.5;f')).toBe('credentialless');
  });

  it('keeps case (tokens are case-sensitive)', () => {
    expect(structuredFieldToken('Same-Origin')).toBe('Same-Origin');
  });

  it('refuses lists, strings, numbers and trailing text', () => {
    expect(structuredFieldToken('same-origin, same-origin')).toBeNull();
    expect(structuredFieldToken('"same-origin"')).toBeNull();
    expect(structuredFieldToken('1')).toBeNull();
    expect(structuredFieldToken('same-origin x')).toBeNull();
    expect(structuredFieldToken('')).toBeNull();
    expect(structuredFieldToken('same-origin;')).toBeNull();
    expect(structuredFieldToken('same-origin;A=1')).toBeNull();
    expect(structuredFieldToken('same-origin;a=')).toBeNull();
  });
});
