import { headerGradeReasons, tlsGradeReasons } from './grade-diff.js';

describe('tlsGradeReasons', () => {
  it('names protocols, suites and caps that appeared or disappeared', () => {
    const before = {
      protocols: [
        { name: 'TLSv1.0', supported: false },
        { name: 'TLSv1.2', supported: true },
        { name: 'TLSv1.3', supported: true },
      ],
      cipher_suites: { 'TLSv1.2': [{ name: 'TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256' }], 'TLSv1.3': [{ name: 'TLS_AES_128_GCM_SHA256' }] },
      caps: [],
    };
    const after = {
      protocols: [
        { name: 'TLSv1.0', supported: true },
        { name: 'TLSv1.2', supported: true },
        { name: 'TLSv1.3', supported: false },
      ],
      cipher_suites: { 'TLSv1.0': [{ name: 'TLS_RSA_WITH_AES_128_CBC_SHA' }], 'TLSv1.2': [{ name: 'TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256' }] },
      caps: [{ grade: 'B', reason: 'TLS 1.0 or 1.1 supported' }],
    };
    expect(tlsGradeReasons(before, after)).toEqual([
      { kind: 'protocol', change: 'appeared', name: 'TLSv1.0' },
      { kind: 'protocol', change: 'disappeared', name: 'TLSv1.3' },
      { kind: 'suite', change: 'appeared', name: 'TLSv1.0 TLS_RSA_WITH_AES_128_CBC_SHA' },
      { kind: 'suite', change: 'disappeared', name: 'TLSv1.3 TLS_AES_128_GCM_SHA256' },
      { kind: 'cap', change: 'appeared', name: 'B: TLS 1.0 or 1.1 supported' },
    ]);
  });

  it('diffs reports missing fields as empty', () => {
    expect(tlsGradeReasons({}, { caps: [{ grade: 'F', reason: 'x' }] })).toEqual([{ kind: 'cap', change: 'appeared', name: 'F: x' }]);
    expect(tlsGradeReasons({}, {})).toEqual([]);
  });
});

describe('headerGradeReasons', () => {
  it('names graded headers, CSP directives and the cap that appeared or disappeared', () => {
    const before = {
      summary: { headers: { 'Strict-Transport-Security': { points: 25 }, 'Content-Security-Policy': { points: 25 }, 'X-Frame-Options': { points: 0 } } },
      rawHeaders: { 'content-security-policy': "default-src 'self'; Script-Src 'self'" },
    };
    const after = {
      summary: { headers: { 'Strict-Transport-Security': { points: 0 }, 'Content-Security-Policy': { points: 25 }, 'X-Frame-Options': { points: 15 } } },
      rawHeaders: { 'content-security-policy': "default-src 'self';  script-src  'self' 'unsafe-inline'" },
      gradeCapReason: "Content-Security-Policy script-src allows 'unsafe-inline' without a nonce or hash: grade capped at A",
    };
    expect(headerGradeReasons(before, after)).toEqual([
      { kind: 'header', change: 'appeared', name: 'X-Frame-Options' },
      { kind: 'header', change: 'disappeared', name: 'Strict-Transport-Security' },
      { kind: 'directive', change: 'appeared', name: "script-src 'self' 'unsafe-inline'" },
      { kind: 'directive', change: 'disappeared', name: "script-src 'self'" },
      { kind: 'cap', change: 'appeared', name: after.gradeCapReason },
    ]);
  });

  it('reads a CSP sent twice as both policies', () => {
    expect(headerGradeReasons({}, { rawHeaders: { 'content-security-policy': ["default-src 'none'", "frame-ancestors 'none'"] } })).toEqual([
      { kind: 'directive', change: 'appeared', name: "default-src 'none'" },
      { kind: 'directive', change: 'appeared', name: "frame-ancestors 'none'" },
    ]);
  });
});
