import { CIPHER_SUITES, encryptionBits, ssl2SuiteReport, suiteById, suiteReport, suitesForProtocol } from './cipher-suites.js';

describe('cipher-suite registry', () => {
  it('has unique ids and names', () => {
    expect(new Set(CIPHER_SUITES.map((s) => s.id)).size).toBe(CIPHER_SUITES.length);
    expect(new Set(CIPHER_SUITES.map((s) => s.name)).size).toBe(CIPHER_SUITES.length);
  });

  it.each([
    [0x0001, 'TLS_RSA_WITH_NULL_MD5', 0, 'RSA', false, false],
    [0x0003, 'TLS_RSA_EXPORT_WITH_RC4_40_MD5', 40, 'RSA_EXPORT', false, false],
    [0x0005, 'TLS_RSA_WITH_RC4_128_SHA', 128, 'RSA', false, false],
    [0x0009, 'TLS_RSA_WITH_DES_CBC_SHA', 56, 'RSA', false, false],
    [0x000a, 'TLS_RSA_WITH_3DES_EDE_CBC_SHA', 112, 'RSA', false, false],
    [0x0014, 'TLS_DHE_RSA_EXPORT_WITH_DES40_CBC_SHA', 40, 'DHE_EXPORT', true, false],
    [0x0018, 'TLS_DH_anon_WITH_RC4_128_MD5', 128, 'DH_anon', false, false],
    [0x0064, 'TLS_RSA_EXPORT1024_WITH_RC4_56_SHA', 56, 'RSA_EXPORT', false, false],
    [0x002f, 'TLS_RSA_WITH_AES_128_CBC_SHA', 128, 'RSA', false, false],
    [0x009c, 'TLS_RSA_WITH_AES_128_GCM_SHA256', 128, 'RSA', false, true],
    [0x009f, 'TLS_DHE_RSA_WITH_AES_256_GCM_SHA384', 256, 'DHE', true, true],
    [0xc013, 'TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA', 128, 'ECDHE', true, false],
    [0xc02c, 'TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384', 256, 'ECDHE', true, true],
    [0xc018, 'TLS_ECDH_anon_WITH_AES_128_CBC_SHA', 128, 'ECDH_anon', false, false],
    [0xc00e, 'TLS_ECDH_RSA_WITH_AES_128_CBC_SHA', 128, 'ECDH', false, false],
    [0xcca8, 'TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256', 256, 'ECDHE', true, true],
    [0xc0a0, 'TLS_RSA_WITH_AES_128_CCM_8', 128, 'RSA', false, true],
    [0x0096, 'TLS_RSA_WITH_SEED_CBC_SHA', 128, 'RSA', false, false],
    [0x0007, 'TLS_RSA_WITH_IDEA_CBC_SHA', 128, 'RSA', false, false],
    [0x0084, 'TLS_RSA_WITH_CAMELLIA_256_CBC_SHA', 256, 'RSA', false, false],
    [0x1301, 'TLS_AES_128_GCM_SHA256', 128, 'ECDHE', true, true],
    [0x1302, 'TLS_AES_256_GCM_SHA384', 256, 'ECDHE', true, true],
    [0x1303, 'TLS_CHACHA20_POLY1305_SHA256', 256, 'ECDHE', true, true],
    [0x1305, 'TLS_AES_128_CCM_8_SHA256', 128, 'ECDHE', true, true],
  ])('suite %i is %s: %i bits, %s, fs %s, aead %s', (id, name, bits, kx, fs, aead) => {
    expect(suiteReport(id)).toEqual({ id, name, bits, key_exchange: kx, forward_secrecy: fs, aead });
  });

  it('reports an unknown code point instead of throwing', () => {
    expect(suiteReport(0x0a0a)).toEqual({ id: 0x0a0a, name: 'UNKNOWN_0x0a0a', bits: 0, key_exchange: 'unknown', forward_secrecy: false, aead: false });
  });

  it('knows the protocols each suite works with', () => {
    expect(suiteById(0x009c)?.minProtocol).toBe('TLSv1.2');
    expect(suiteById(0x003c)?.minProtocol).toBe('TLSv1.2');
    expect(suiteById(0x002f)?.minProtocol).toBe('SSLv3');
    const tls10 = suitesForProtocol('TLSv1.0').map((s) => s.id);
    expect(tls10).toContain(0x000a);
    expect(tls10).not.toContain(0x009c);
    expect(tls10).not.toContain(0x1301);
    expect(suitesForProtocol('TLSv1.3').map((s) => s.id)).toEqual([0x1301, 0x1302, 0x1303, 0x1304, 0x1305]);
    expect(suitesForProtocol('TLSv1.2').length).toBe(CIPHER_SUITES.length - 5);
  });

  it('rejects an unknown cipher name', () => {
    expect(() => encryptionBits('ROT13')).toThrow('Unknown cipher ROT13');
  });

  it('describes SSLv2 cipher kinds', () => {
    expect(ssl2SuiteReport(0x0700c0)).toEqual({
      id: 0x0700c0,
      name: 'SSL_CK_DES_192_EDE3_CBC_WITH_MD5',
      bits: 112,
      key_exchange: 'RSA',
      forward_secrecy: false,
      aead: false,
    });
    expect(ssl2SuiteReport(0x020080).key_exchange).toBe('RSA_EXPORT');
    expect(ssl2SuiteReport(0x0a0a0a).name).toBe('SSL_CK_UNKNOWN_0x0a0a0a');
  });
});
