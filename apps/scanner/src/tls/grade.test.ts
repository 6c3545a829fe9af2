import { suiteReport } from './cipher-suites.js';
import {
  cipherBitsScore,
  gradeTls,
  keyExchangeScore,
  letterFromScore,
  preferredForwardSecrecy,
  rsaEquivalentBits,
  supportsAead,
} from './grade.js';
import type { EphemeralKey, LeafCertificateReport, ProtocolName, SuiteReport, TlsFacts } from './types.js';

const NOW = '2026-06-01T00:00:00.000Z';
const s = (id: number): SuiteReport => suiteReport(id);

const ECDHE_RSA_AES128_GCM = 0xc02f;
const ECDHE_RSA_AES256_GCM = 0xc030;
const ECDHE_RSA_CHACHA = 0xcca8;
const ECDHE_RSA_AES128_SHA = 0xc013;
const RSA_AES128_GCM = 0x009c;
const RSA_AES128_SHA = 0x002f;
const RSA_AES256_SHA = 0x0035;
const RSA_3DES = 0x000a;
const RSA_DES = 0x0009;
const RSA_RC4_SHA = 0x0005;
const RSA_NULL_SHA = 0x0002;
const EXPORT_RC4_40 = 0x0003;
const DH_ANON_AES128 = 0x0034;
const DHE_RSA_AES128_GCM = 0x009e;

const x25519: EphemeralKey = { type: 'ECDH', group: 'x25519', bits: 253, rsa_equivalent_bits: 3072 };

function leaf(over: Partial<LeafCertificateReport> = {}): LeafCertificateReport {
  return {
    subject: 'CN=example.com',
    issuer: 'CN=Example CA',
    valid_from: '2026-01-01T00:00:00.000Z',
    valid_to: '2027-01-01T00:00:00.000Z',
    serial_number: '01',
    fingerprint_sha256: 'ab'.repeat(32),
    sans: ['example.com'],
    key_type: 'RSA',
    key_size: 2048,
    key_curve: null,
    signature_algorithm: 'sha256WithRSAEncryption',
    signature_hash: 'sha256',
    self_signed: false,
    trusted: true,
    trust_error: null,
    hostname_match: true,
    ...over,
  };
}

/** A modern server that earns A+: TLS 1.2 + 1.3, ECDHE AEAD suites, RSA 2048, long HSTS. */
function modern(over: Partial<TlsFacts> = {}): TlsFacts {
  return {
    protocols: ['TLSv1.2', 'TLSv1.3'],
    cipher_suites: {
      'TLSv1.3': [s(0x1302), s(0x1303), s(0x1301)],
      'TLSv1.2': [s(ECDHE_RSA_AES256_GCM), s(ECDHE_RSA_CHACHA), s(ECDHE_RSA_AES128_GCM)],
    },
    server_cipher_order: true,
    certificate_key: { type: 'RSA', bits: 2048, curve: null },
    ephemeral_keys: [x25519],
    fallback_scsv: true,
    secure_renegotiation: true,
    ocsp_stapling: true,
    alpn: 'h2',
    hsts: { present: true, max_age: 31_536_000, include_subdomains: true, preload: false },
    certificate: leaf(),
    chain: [],
    scanned_at: NOW,
    ...over,
  };
}

function withProtocols(protocols: ProtocolName[], suites: Partial<Record<ProtocolName, SuiteReport[]>>, over: Partial<TlsFacts> = {}) {
  return modern({ protocols, cipher_suites: suites, ...over });
}

const capGrades = (facts: TlsFacts) => gradeTls(facts).caps.map((c) => c.grade);
const capReasons = (facts: TlsFacts) => gradeTls(facts).caps.map((c) => c.reason).join(' | ');

describe('score tables', () => {
  it.each([
    [0, 0],
    [1, 20],
    [511, 20],
    [512, 40],
    [1023, 40],
    [1024, 80],
    [2047, 80],
    [2048, 90],
    [3072, 90],
    [4095, 90],
    [4096, 100],
    [7680, 100],
  ])('key exchange of %i RSA-equivalent bits scores %i', (bits, score) => {
    expect(keyExchangeScore(bits)).toBe(score);
  });

  it.each([
    [0, 0],
    [40, 20],
    [56, 20],
    [112, 20],
    [127, 20],
    [128, 80],
    [255, 80],
    [256, 100],
  ])('a %i-bit cipher scores %i', (bits, score) => {
    expect(cipherBitsScore(bits)).toBe(score);
  });

  it.each([
    [100, 'A'],
    [80, 'A'],
    [79, 'B'],
    [65, 'B'],
    [64, 'C'],
    [50, 'C'],
    [49, 'D'],
    [35, 'D'],
    [34, 'F'],
    [0, 'F'],
  ])('score %i is letter %s', (score, letter) => {
    expect(letterFromScore(score)).toBe(letter);
  });

  it.each([
    [{ type: 'ECDH', bits: 253, group: 'x25519' }, 3072],
    [{ type: 'EC', bits: 256, curve: 'P-256' }, 3072],
    [{ type: 'ECDH', bits: 256, group: 'secp256r1' }, 3072],
    [{ type: 'EC', bits: 384, curve: 'P-384' }, 7680],
    [{ type: 'ECDH', bits: 384, group: 'secp384r1' }, 7680],
    [{ type: 'EC', bits: 521, curve: 'P-521' }, 15360],
    [{ type: 'ECDH', bits: 224, group: 'secp224r1' }, 2048],
    [{ type: 'ECDH', bits: 192, group: 'secp192r1' }, 1024],
    [{ type: 'ECDH', bits: 160, group: 'secp160r1' }, 1024],
    [{ type: 'Ed25519', bits: 256 }, 3072],
    [{ type: 'RSA', bits: 2048 }, 2048],
    [{ type: 'DH', bits: 1024 }, 1024],
  ])('%o counts %i RSA bits', (key, bits) => {
    expect(rsaEquivalentBits(key)).toBe(bits);
  });
});

describe('gradeTls scoring', () => {
  it('gives a modern server A+ with score 93 (protocol 100, key exchange 90, cipher 90)', () => {
    const g = gradeTls(modern());
    expect(g).toEqual({
      grade: 'A+',
      score: 93,
      category_scores: { protocol: 100, key_exchange: 90, cipher_strength: 90 },
      caps: [],
      warnings: [],
      notes: [],
      grade_trust_ignored: null,
    });
  });

  it('averages the best and worst protocol', () => {
    const g = gradeTls(
      withProtocols(['TLSv1.0', 'TLSv1.1', 'TLSv1.2'], {
        'TLSv1.0': [s(ECDHE_RSA_AES128_SHA)],
        'TLSv1.1': [s(ECDHE_RSA_AES128_SHA)],
        'TLSv1.2': [s(ECDHE_RSA_AES128_GCM), s(ECDHE_RSA_AES128_SHA)],
      }),
    );
    expect(g.category_scores.protocol).toBe(95);
    const v3 = gradeTls(withProtocols(['SSLv3', 'TLSv1.2'], { SSLv3: [s(RSA_AES128_SHA)], 'TLSv1.2': [s(ECDHE_RSA_AES128_GCM)] }));
    expect(v3.category_scores.protocol).toBe(90);
    const v2 = gradeTls(withProtocols(['SSLv2', 'TLSv1.2'], { SSLv2: [], 'TLSv1.2': [s(ECDHE_RSA_AES128_GCM)] }));
    expect(v2.category_scores.protocol).toBe(50);
  });

  it('averages the scores of the strongest and weakest suite (3DES counts 112 bits)', () => {
    const g = gradeTls(withProtocols(['TLSv1.2'], { 'TLSv1.2': [s(ECDHE_RSA_AES256_GCM), s(RSA_3DES)] }));
    expect(g.category_scores.cipher_strength).toBe(60);
    const only128 = gradeTls(withProtocols(['TLSv1.2'], { 'TLSv1.2': [s(ECDHE_RSA_AES128_GCM)] }));
    expect(only128.category_scores.cipher_strength).toBe(80);
    const only256 = gradeTls(withProtocols(['TLSv1.2'], { 'TLSv1.2': [s(ECDHE_RSA_AES256_GCM)] }));
    expect(only256.category_scores.cipher_strength).toBe(100);
  });

  it('takes the weaker of the certificate key and the ephemeral keys', () => {
    expect(gradeTls(modern({ certificate_key: { type: 'RSA', bits: 4096, curve: null } })).category_scores.key_exchange).toBe(90);
    expect(
      gradeTls(modern({ certificate_key: { type: 'RSA', bits: 4096, curve: null }, ephemeral_keys: [] })).category_scores.key_exchange,
    ).toBe(100);
    expect(
      gradeTls(
        modern({
          certificate_key: { type: 'EC', bits: 384, curve: 'P-384' },
          ephemeral_keys: [{ type: 'ECDH', group: 'secp384r1', bits: 384, rsa_equivalent_bits: 7680 }],
        }),
      ).category_scores.key_exchange,
    ).toBe(100);
    const dh1024 = modern({ ephemeral_keys: [x25519, { type: 'DH', group: null, bits: 1024, rsa_equivalent_bits: 1024 }] });
    expect(gradeTls(dh1024).category_scores.key_exchange).toBe(80);
  });

  it('scores 0 when any category is 0 (anonymous key exchange)', () => {
    const g = gradeTls(withProtocols(['TLSv1.2'], { 'TLSv1.2': [s(ECDHE_RSA_AES128_GCM), s(DH_ANON_AES128)] }));
    expect(g.category_scores.key_exchange).toBe(0);
    expect(g.score).toBe(0);
    expect(g.grade).toBe('F');
  });

  it('scores 0 when the only suite is a NULL cipher', () => {
    const g = gradeTls(withProtocols(['TLSv1.2'], { 'TLSv1.2': [s(RSA_NULL_SHA)] }));
    expect(g.category_scores.cipher_strength).toBe(0);
    expect(g.score).toBe(0);
  });

  it('rounds the weighted score', () => {
    // protocol 95, key exchange 90, cipher 90: 28.5 + 27 + 36 = 91.5 -> 92
    const g = gradeTls(
      withProtocols(['TLSv1.1', 'TLSv1.2'], { 'TLSv1.1': [s(ECDHE_RSA_AES128_SHA)], 'TLSv1.2': [s(ECDHE_RSA_AES256_GCM), s(ECDHE_RSA_AES128_GCM)] }),
    );
    expect(g.score).toBe(92);
  });
});

describe('gradeTls caps at F', () => {
  it('caps SSLv2 support at F', () => {
    const f = withProtocols(['SSLv2', 'TLSv1.2'], { SSLv2: [], 'TLSv1.2': [s(ECDHE_RSA_AES128_GCM)] });
    expect(gradeTls(f).grade).toBe('F');
    expect(gradeTls(f).caps).toContainEqual({ grade: 'F', reason: 'SSLv2 is supported' });
  });

  it('caps SSLv3 as the best protocol at F, and SSLv3 support alone at B', () => {
    const best = withProtocols(['SSLv3'], { SSLv3: [s(RSA_AES128_SHA)] });
    expect(gradeTls(best).caps).toContainEqual({ grade: 'F', reason: 'SSLv3 is the best protocol supported' });
    expect(gradeTls(best).grade).toBe('F');
    const also = withProtocols(['SSLv3', 'TLSv1.2', 'TLSv1.3'], {
      SSLv3: [s(RSA_AES128_SHA)],
      'TLSv1.2': [s(ECDHE_RSA_AES128_GCM)],
      'TLSv1.3': [s(0x1301)],
    });
    expect(gradeTls(also).caps).toContainEqual({ grade: 'B', reason: 'SSLv3 is supported' });
    expect(capReasons(also)).not.toContain('best protocol');
    expect(gradeTls(also).grade).toBe('B');
  });

  it('caps key exchange <= 40 at F (RSA 1023, export suites); 1024 is B', () => {
    const k1023 = modern({ certificate_key: { type: 'RSA', bits: 1023, curve: null } });
    expect(gradeTls(k1023).category_scores.key_exchange).toBe(40);
    expect(gradeTls(k1023).grade).toBe('F');
    expect(capReasons(k1023)).toContain('Key exchange is insecure (RSA 1023-bit certificate key)');
    const k1024 = modern({ certificate_key: { type: 'RSA', bits: 1024, curve: null } });
    expect(gradeTls(k1024).grade).toBe('B');
    expect(gradeTls(k1024).caps).toEqual([{ grade: 'B', reason: 'Weak key exchange (RSA 1024-bit certificate key)' }]);
    const exp = withProtocols(['TLSv1.2'], { 'TLSv1.2': [s(ECDHE_RSA_AES128_GCM), s(EXPORT_RC4_40)] });
    expect(gradeTls(exp).category_scores.key_exchange).toBe(40);
    expect(capGrades(exp)).toContain('F');
  });

  it('caps a suite below 112 bits at F; 3DES (112) is not capped', () => {
    const des = withProtocols(['TLSv1.2'], { 'TLSv1.2': [s(ECDHE_RSA_AES128_GCM), s(RSA_DES)] });
    expect(gradeTls(des).caps).toContainEqual({ grade: 'F', reason: 'Cipher suites below 112 bits are supported (TLS_RSA_WITH_DES_CBC_SHA)' });
    const tdes = withProtocols(['TLSv1.2', 'TLSv1.3'], {
      'TLSv1.3': [s(0x1302)],
      'TLSv1.2': [s(ECDHE_RSA_AES256_GCM), s(RSA_3DES)],
    });
    expect(capReasons(tdes)).not.toContain('112');
    expect(gradeTls(tdes).category_scores.cipher_strength).toBe(60);
  });

  it('caps an MD5-signed certificate at F (leaf or intermediate, not a self-signed root)', () => {
    const f = modern({ certificate: leaf({ signature_algorithm: 'md5WithRSAEncryption', signature_hash: 'md5' }) });
    expect(gradeTls(f).caps).toContainEqual({ grade: 'F', reason: 'A certificate is signed with MD5' });
    expect(gradeTls(f).grade).toBe('F');
    const inter = leaf({ signature_hash: 'md5', self_signed: false });
    expect(gradeTls(modern({ chain: [inter] })).grade).toBe('F');
    const root = leaf({ signature_hash: 'md5', self_signed: true });
    expect(gradeTls(modern({ chain: [root] })).grade).toBe('A+');
  });
});

describe('gradeTls caps at C', () => {
  it('caps no TLS 1.2 or 1.3 at C', () => {
    const f = withProtocols(['TLSv1.0', 'TLSv1.1'], { 'TLSv1.0': [s(ECDHE_RSA_AES128_SHA)], 'TLSv1.1': [s(ECDHE_RSA_AES128_SHA)] });
    expect(gradeTls(f).caps).toContainEqual({ grade: 'C', reason: 'TLS 1.2 and TLS 1.3 are not supported' });
    expect(gradeTls(f).grade).toBe('C');
  });

  it('caps RC4 with TLS 1.1 or later at C, but RC4 with TLS 1.0 only at B', () => {
    const modernRc4 = withProtocols(['TLSv1.2'], { 'TLSv1.2': [s(ECDHE_RSA_AES128_GCM), s(RSA_RC4_SHA)] });
    expect(gradeTls(modernRc4).caps).toContainEqual({ grade: 'C', reason: 'RC4 is usable with TLS 1.1 or later' });
    expect(gradeTls(modernRc4).grade).toBe('C');
    const tls11 = withProtocols(['TLSv1.1', 'TLSv1.2'], { 'TLSv1.1': [s(RSA_RC4_SHA)], 'TLSv1.2': [s(ECDHE_RSA_AES128_GCM)] });
    expect(gradeTls(tls11).grade).toBe('C');
    const oldRc4 = withProtocols(['TLSv1.0', 'TLSv1.2'], { 'TLSv1.0': [s(RSA_RC4_SHA)], 'TLSv1.2': [s(ECDHE_RSA_AES128_GCM)] });
    expect(capGrades(oldRc4)).not.toContain('C');
    expect(gradeTls(oldRc4).grade).toBe('B');
    expect(gradeTls(oldRc4).warnings).toContain('RC4 cipher suites are supported');
  });
});

describe('gradeTls caps at B', () => {
  it('caps TLS 1.0 or 1.1 support at B', () => {
    const t10 = withProtocols(['TLSv1.0', 'TLSv1.2', 'TLSv1.3'], {
      'TLSv1.0': [s(ECDHE_RSA_AES128_SHA)],
      'TLSv1.2': [s(ECDHE_RSA_AES128_GCM)],
      'TLSv1.3': [s(0x1301)],
    });
    expect(gradeTls(t10).caps).toEqual([{ grade: 'B', reason: 'TLS 1.0 supported' }]);
    expect(gradeTls(t10).grade).toBe('B');
    const t11 = withProtocols(['TLSv1.1', 'TLSv1.2'], { 'TLSv1.1': [s(ECDHE_RSA_AES128_SHA)], 'TLSv1.2': [s(ECDHE_RSA_AES128_GCM)] });
    expect(gradeTls(t11).caps).toContainEqual({ grade: 'B', reason: 'TLS 1.1 supported' });
    const both = withProtocols(['TLSv1.0', 'TLSv1.1', 'TLSv1.2'], {
      'TLSv1.0': [s(ECDHE_RSA_AES128_SHA)],
      'TLSv1.1': [s(ECDHE_RSA_AES128_SHA)],
      'TLSv1.2': [s(ECDHE_RSA_AES128_GCM)],
    });
    expect(gradeTls(both).caps).toContainEqual({ grade: 'B', reason: 'TLS 1.0 and TLS 1.1 supported' });
  });

  it("caps no forward secrecy with the server's preferred suites at B", () => {
    const rsaOnly = withProtocols(['TLSv1.2'], { 'TLSv1.2': [s(RSA_AES128_GCM)] }, { ephemeral_keys: [] });
    expect(gradeTls(rsaOnly).caps).toEqual([{ grade: 'B', reason: "No forward secrecy with the server's preferred cipher suites" }]);
    expect(gradeTls(rsaOnly).grade).toBe('B');
    // The server prefers RSA key exchange over ECDHE: capped.
    const prefersRsa = withProtocols(['TLSv1.2'], { 'TLSv1.2': [s(RSA_AES128_GCM), s(ECDHE_RSA_AES128_GCM)] });
    expect(capGrades(prefersRsa)).toEqual(['B']);
    // The client chooses: a modern client gets ECDHE.
    const clientOrder = withProtocols(['TLSv1.2'], { 'TLSv1.2': [s(RSA_AES128_GCM), s(ECDHE_RSA_AES128_GCM)] }, { server_cipher_order: false });
    expect(capGrades(clientOrder)).toEqual([]);
    // TLS 1.3 always has forward secrecy.
    expect(capGrades(modern({ cipher_suites: { 'TLSv1.3': [s(0x1301)], 'TLSv1.2': [s(RSA_AES128_GCM)] } }))).toEqual([]);
  });

  it('caps no AEAD suite at B', () => {
    const cbc = withProtocols(['TLSv1.2'], { 'TLSv1.2': [s(ECDHE_RSA_AES128_SHA), s(0xc028)] });
    expect(gradeTls(cbc).caps).toEqual([{ grade: 'B', reason: 'No AEAD cipher suite supported' }]);
    expect(gradeTls(cbc).grade).toBe('B');
  });

  it('caps key exchange <= 80 at B (RSA 1024 certificate, DH 1024, secp192r1)', () => {
    const dh = modern({ ephemeral_keys: [{ type: 'DH', group: null, bits: 1024, rsa_equivalent_bits: 1024 }] });
    expect(gradeTls(dh).caps).toEqual([{ grade: 'B', reason: 'Weak key exchange (DH 1024-bit ephemeral key)' }]);
    const curve = modern({ ephemeral_keys: [{ type: 'ECDH', group: 'secp192r1', bits: 192, rsa_equivalent_bits: 0 }] });
    expect(gradeTls(curve).category_scores.key_exchange).toBe(80);
    expect(gradeTls(curve).grade).toBe('B');
    const dh2048 = modern({ ephemeral_keys: [{ type: 'DH', group: null, bits: 2048, rsa_equivalent_bits: 2048 }] });
    expect(gradeTls(dh2048).grade).toBe('A+');
  });
});

describe('gradeTls caps at A and the A+ rules', () => {
  it('withholds A+ without HSTS', () => {
    const g = gradeTls(modern({ hsts: { present: false, max_age: null, include_subdomains: false, preload: false } }));
    expect(g.grade).toBe('A');
    expect(g.caps).toEqual([{ grade: 'A', reason: 'HSTS is not enabled' }]);
  });

  it('withholds A+ when HSTS max-age is below 15552000 s, and grants it at exactly 15552000', () => {
    const short = gradeTls(modern({ hsts: { present: true, max_age: 15_551_999, include_subdomains: false, preload: false } }));
    expect(short.grade).toBe('A');
    expect(short.caps).toEqual([{ grade: 'A', reason: 'HSTS max-age 15551999 s is below 15552000 s' }]);
    const exact = gradeTls(modern({ hsts: { present: true, max_age: 15_552_000, include_subdomains: false, preload: false } }));
    expect(exact.grade).toBe('A+');
    const zero = gradeTls(modern({ hsts: { present: true, max_age: 0, include_subdomains: false, preload: false } }));
    expect(zero.caps).toEqual([{ grade: 'A', reason: 'HSTS is not enabled' }]);
  });

  it('withholds A+ when more than one protocol below TLS 1.3 lacks TLS_FALLBACK_SCSV', () => {
    const facts = withProtocols(
      ['TLSv1.1', 'TLSv1.2'],
      { 'TLSv1.1': [s(ECDHE_RSA_AES128_SHA)], 'TLSv1.2': [s(ECDHE_RSA_AES128_GCM)] },
      { fallback_scsv: false },
    );
    expect(gradeTls(facts).caps).toContainEqual({ grade: 'A', reason: 'TLS_FALLBACK_SCSV is not supported (downgrade protection)' });
    // TLS 1.2 + 1.3 is one protocol below 1.3: no cap, only a note.
    const g = gradeTls(modern({ fallback_scsv: false }));
    expect(g.grade).toBe('A+');
    expect(g.notes).toContain('TLS_FALLBACK_SCSV is not supported');
  });

  it('lets a TLS 1.3-only server reach A+ (no SCSV, no renegotiation)', () => {
    const g = gradeTls(
      modern({
        protocols: ['TLSv1.3'],
        cipher_suites: { 'TLSv1.3': [s(0x1302), s(0x1303), s(0x1301)] },
        fallback_scsv: null,
        secure_renegotiation: null,
      }),
    );
    expect(g.grade).toBe('A+');
    expect(g.caps).toEqual([]);
    expect(g.score).toBe(93);
  });

  it('withholds A+ on a grade warning (secure renegotiation not supported) without capping', () => {
    const g = gradeTls(modern({ secure_renegotiation: false }));
    expect(g.grade).toBe('A');
    expect(g.caps).toEqual([]);
    expect(g.warnings).toEqual(['Secure renegotiation is not supported']);
  });

  it('withholds A+ when an intermediate is signed with SHA-1 (warning)', () => {
    const g = gradeTls(modern({ chain: [leaf({ signature_hash: 'sha1', self_signed: false })] }));
    expect(g.grade).toBe('A');
    expect(g.warnings).toEqual(['An intermediate certificate is signed with SHA-1']);
  });

  it('does not withhold A+ for notes: no OCSP stapling, no ALPN, short certificate lifetime, client cipher order', () => {
    const g = gradeTls(
      modern({
        ocsp_stapling: false,
        alpn: null,
        server_cipher_order: false,
        certificate: leaf({ valid_to: '2026-06-11T00:00:00.000Z' }),
      }),
    );
    expect(g.grade).toBe('A+');
    expect(g.notes).toEqual([
      'OCSP stapling is not supported',
      'ALPN is not supported',
      'The server does not enforce its own cipher suite order',
      'Certificate expires in 10 days',
    ]);
  });

  it('keeps the letter of a score below 80 even with long HSTS', () => {
    // protocol 100, key exchange 90, cipher 3DES only -> 20: 30 + 27 + 8 = 65 -> B
    const g = gradeTls(withProtocols(['TLSv1.2'], { 'TLSv1.2': [s(RSA_3DES)] }, { ephemeral_keys: [] }));
    expect(g.score).toBe(65);
    expect(g.grade).toBe('B');
  });

  it('lists every cap that applied and takes the lowest', () => {
    const f = withProtocols(['SSLv3', 'TLSv1.0'], { SSLv3: [s(RSA_RC4_SHA)], 'TLSv1.0': [s(RSA_AES256_SHA), s(RSA_RC4_SHA)] }, {
      ephemeral_keys: [],
      fallback_scsv: false,
      hsts: { present: false, max_age: null, include_subdomains: false, preload: false },
    });
    const g = gradeTls(f);
    expect(g.grade).toBe('C');
    expect(g.caps.map((c) => c.reason)).toEqual([
      'TLS 1.2 and TLS 1.3 are not supported',
      'TLS 1.0 supported',
      'SSLv3 is supported',
      "No forward secrecy with the server's preferred cipher suites",
      'No AEAD cipher suite supported',
      'HSTS is not enabled',
      'TLS_FALLBACK_SCSV is not supported (downgrade protection)',
    ]);
  });
});

describe('gradeTls trust', () => {
  it('grades an expired certificate F with grade_trust_ignored and a warning', () => {
    const g = gradeTls(modern({ certificate: leaf({ valid_to: '2026-05-01T00:00:00.000Z', trusted: false, trust_error: 'CERT_HAS_EXPIRED' }) }));
    expect(g.grade).toBe('F');
    expect(g.grade_trust_ignored).toBe('A+');
    expect(g.warnings).toEqual(['Certificate expired on 2026-05-01T00:00:00.000Z']);
    expect(g.caps).toEqual([{ grade: 'F', reason: 'Certificate expired on 2026-05-01T00:00:00.000Z' }]);
    expect(g.score).toBe(93);
  });

  it('detects expiry from the dates even when the verifier reported another error', () => {
    const g = gradeTls(
      modern({ certificate: leaf({ valid_to: '2026-05-01T00:00:00.000Z', self_signed: true, trusted: false, trust_error: 'DEPTH_ZERO_SELF_SIGNED_CERT' }) }),
    );
    expect(g.warnings).toEqual(['Certificate expired on 2026-05-01T00:00:00.000Z', 'Certificate is self-signed and not trusted']);
  });

  it('grades a not-yet-valid certificate F', () => {
    const g = gradeTls(modern({ certificate: leaf({ valid_from: '2026-07-01T00:00:00.000Z', trusted: false, trust_error: 'CERT_NOT_YET_VALID' }) }));
    expect(g.grade).toBe('F');
    expect(g.warnings).toEqual(['Certificate is not yet valid (valid from 2026-07-01T00:00:00.000Z)']);
    expect(g.grade_trust_ignored).toBe('A+');
  });

  it('grades a self-signed certificate F', () => {
    const g = gradeTls(modern({ certificate: leaf({ self_signed: true, trusted: false, trust_error: 'DEPTH_ZERO_SELF_SIGNED_CERT' }) }));
    expect(g.grade).toBe('F');
    expect(g.warnings).toEqual(['Certificate is self-signed and not trusted']);
  });

  it('grades an untrusted chain F naming the verifier error', () => {
    const g = gradeTls(modern({ certificate: leaf({ trusted: false, trust_error: 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY' }) }));
    expect(g.grade).toBe('F');
    expect(g.warnings).toEqual(['Certificate chain is not trusted (UNABLE_TO_GET_ISSUER_CERT_LOCALLY)']);
  });

  it('grades a hostname mismatch F', () => {
    const g = gradeTls(modern({ certificate: leaf({ hostname_match: false }) }));
    expect(g.grade).toBe('F');
    expect(g.grade_trust_ignored).toBe('A+');
    expect(g.warnings).toEqual(['Certificate does not match the hostname']);
  });

  it('grades a SHA-1-signed leaf F', () => {
    const g = gradeTls(modern({ certificate: leaf({ signature_algorithm: 'sha1WithRSAEncryption', signature_hash: 'sha1' }) }));
    expect(g.grade).toBe('F');
    expect(g.warnings).toEqual(['Certificate is signed with SHA-1']);
    expect(g.grade_trust_ignored).toBe('A+');
  });

  it('keeps the capped grade as grade_trust_ignored', () => {
    const g = gradeTls(modern({ hsts: { present: false, max_age: null, include_subdomains: false, preload: false }, certificate: leaf({ hostname_match: false }) }));
    expect(g.grade).toBe('F');
    expect(g.grade_trust_ignored).toBe('A');
  });

  it('treats a server without certificate as untrusted', () => {
    const g = gradeTls(modern({ certificate: null }));
    expect(g.grade).toBe('F');
    expect(g.warnings).toContain('The server sent no certificate');
  });
});

describe('forward secrecy and AEAD helpers', () => {
  it('reads forward secrecy from the best protocol', () => {
    expect(preferredForwardSecrecy(['TLSv1.3'], {}, null)).toBe(true);
    expect(preferredForwardSecrecy(['TLSv1.2'], { 'TLSv1.2': [s(DHE_RSA_AES128_GCM)] }, null)).toBe(true);
    expect(preferredForwardSecrecy(['TLSv1.2'], { 'TLSv1.2': [s(RSA_AES128_GCM), s(DHE_RSA_AES128_GCM)] }, true)).toBe(false);
    expect(preferredForwardSecrecy(['TLSv1.2'], { 'TLSv1.2': [s(RSA_AES128_GCM), s(DHE_RSA_AES128_GCM)] }, false)).toBe(true);
    expect(preferredForwardSecrecy([], {}, null)).toBe(false);
  });

  it('finds AEAD in any protocol', () => {
    expect(supportsAead(['TLSv1.2'], { 'TLSv1.2': [s(RSA_AES128_SHA)] })).toBe(false);
    expect(supportsAead(['TLSv1.2', 'TLSv1.3'], { 'TLSv1.2': [s(RSA_AES128_SHA)], 'TLSv1.3': [s(0x1301)] })).toBe(true);
  });
});
