import { createSecretBox } from '@vigil/core';
import { inboundToken, integrationIdOfToken } from './inbound-token.js';

const box = createSecretBox('test-secret-key-one');
const otherBox = createSecretBox('test-secret-key-two');

describe('inbound tokens', () => {
  it('are stable per integration and name it back', () => {
    const t = inboundToken(box, 42);
    expect(t).toMatch(/^42\.[A-Za-z0-9_-]{22}$/);
    expect(inboundToken(box, 42)).toBe(t);
    expect(integrationIdOfToken(box, t)).toBe(42);
  });

  it('cannot be forged: another id, another key, a changed hash or a malformed token name nothing', () => {
    const t = inboundToken(box, 42);
    const mac = t.split('.')[1];
    expect(integrationIdOfToken(box, `43.${mac}`)).toBeNull();
    expect(integrationIdOfToken(otherBox, t)).toBeNull();
    expect(integrationIdOfToken(box, `42.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    for (const bad of ['', '42', `042.${mac}`, `99999999999.${mac}`, `42.${mac}/x`, `42..${mac}`]) expect(integrationIdOfToken(box, bad)).toBeNull();
  });
});
