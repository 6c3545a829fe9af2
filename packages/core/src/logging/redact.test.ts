import { redact } from './redact.js';

describe('redact', () => {
  it('masks secret-named fields at any depth', () => {
    expect(
      redact({ authorization: 'Bearer vgl_x', headers: { 'x-api-key': 'k' }, nested: { secret: 's', password: 'p', name: 'n' } }),
    ).toEqual({ authorization: '[redacted]', headers: { 'x-api-key': '[redacted]' }, nested: { secret: '[redacted]', password: '[redacted]', name: 'n' } });
  });
  it('masks bearer tokens and URL credentials inside strings', () => {
    expect(redact('failed with Bearer vgl_abc123 at postgres://vigil:hunter2@db/vigil')).toBe(
      'failed with Bearer [redacted] at postgres://vigil:[redacted]@db/vigil',
    );
  });
  it('masks a URL user info without a password (often a token) whole', () => {
    expect(redact('GET https://ghp_abc123@api.example.com/x and https://user:****@h/')).toBe('GET https://[redacted]@api.example.com/x and https://user:[redacted]@h/');
  });

  it('keeps errors readable', () => {
    const out = redact(new Error('token Bearer abc')) as { message: string };
    expect(out.message).toBe('token Bearer [redacted]');
  });
});
