import { chainVerdict } from './node-tls.js';

describe('chainVerdict', () => {
  it('trusts an authorized chain', () => {
    expect(chainVerdict(true, null)).toEqual({ trusted: true, trustError: null });
  });

  it('keeps a trusted chain for another name trusted (the mismatch is hostname_match)', () => {
    expect(chainVerdict(false, 'ERR_TLS_CERT_ALTNAME_INVALID')).toEqual({ trusted: true, trustError: null });
  });

  it('reports OpenSSL verification errors as untrusted', () => {
    expect(chainVerdict(false, 'DEPTH_ZERO_SELF_SIGNED_CERT')).toEqual({ trusted: false, trustError: 'DEPTH_ZERO_SELF_SIGNED_CERT' });
    expect(chainVerdict(false, 'CERT_HAS_EXPIRED')).toEqual({ trusted: false, trustError: 'CERT_HAS_EXPIRED' });
  });

  it('names an unexplained refusal UNKNOWN', () => {
    expect(chainVerdict(false, null)).toEqual({ trusted: false, trustError: 'UNKNOWN' });
  });
});
