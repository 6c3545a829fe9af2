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
  it('keeps errors readable', () => {
    const out = redact(new Error('token Bearer abc')) as { message: string };
    expect(out.message).toBe('token Bearer [redacted]');
  });
});
