import { makeCert } from './testing/certs.js';
import { coversHost, verifyChain } from './trust.js';

const DAY = 86_400_000;

describe('verifyChain (chains checked without a handshake)', () => {
  it('reports a self-signed leaf', async () => {
    const self = await makeCert();
    expect(verifyChain([self.der])).toEqual({ trusted: false, error: 'DEPTH_ZERO_SELF_SIGNED_CERT' });
  });

  it('reports a missing issuer, and an untrusted root sent in the chain', async () => {
    const ca = await makeCert({ cn: 'Untrusted CA', isCa: true });
    const leaf = await makeCert({ issuer: ca });
    expect(verifyChain([leaf.der])).toEqual({ trusted: false, error: 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY' });
    expect(verifyChain([leaf.der, ca.der])).toEqual({ trusted: false, error: 'SELF_SIGNED_CERT_IN_CHAIN' });
  });

  it('reports validity dates before trust', async () => {
    const expired = await makeCert({ notBefore: new Date(Date.now() - 30 * DAY), notAfter: new Date(Date.now() - DAY) });
    expect(verifyChain([expired.der])).toEqual({ trusted: false, error: 'CERT_HAS_EXPIRED' });
    const future = await makeCert({ notBefore: new Date(Date.now() + DAY), notAfter: new Date(Date.now() + 30 * DAY) });
    expect(verifyChain([future.der])).toEqual({ trusted: false, error: 'CERT_NOT_YET_VALID' });
    expect(verifyChain([])).toEqual({ trusted: false, error: 'NO_CERTIFICATE' });
    expect(verifyChain([Buffer.from('not a certificate')])).toEqual({ trusted: false, error: 'UNABLE_TO_DECODE_CERT' });
    expect(coversHost(Buffer.from('not a certificate'), 'example.com')).toBe(false);
  });
});

describe('coversHost', () => {
  it('matches DNS names (with wildcards) and IP addresses', async () => {
    const cert = await makeCert({
      sans: [
        { type: 'dns', value: 'example.com' },
        { type: 'dns', value: '*.example.net' },
        { type: 'ip', value: '127.0.0.1' },
      ],
    });
    expect(coversHost(cert.der, 'example.com')).toBe(true);
    expect(coversHost(cert.der, 'example.com.')).toBe(true);
    expect(coversHost(cert.der, 'www.example.net')).toBe(true);
    expect(coversHost(cert.der, 'a.b.example.net')).toBe(false);
    expect(coversHost(cert.der, 'other.com')).toBe(false);
    expect(coversHost(cert.der, '127.0.0.1')).toBe(true);
    expect(coversHost(cert.der, '127.0.0.2')).toBe(false);
  });
});
