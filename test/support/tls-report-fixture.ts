import { randomBytes } from 'node:crypto';
import type { CertificateReport, TlsGradeLetter, TlsScanReport } from '@vigil/core';

/** A certificate as the scanner reports it, issued by a test intermediate. */
export function certificateFixture(hostname: string, extra: Partial<CertificateReport> = {}): CertificateReport {
  return {
    subject: `CN=${hostname}`,
    issuer: 'CN=Vigil Test Intermediate',
    valid_from: '2026-01-01T00:00:00.000Z',
    valid_to: '2099-01-01T00:00:00.000Z',
    serial_number: '01ab',
    fingerprint_sha256: randomBytes(32).toString('hex'),
    sans: [hostname],
    key_type: 'EC',
    key_size: 256,
    key_curve: 'P-256',
    signature_algorithm: 'ecdsa-with-SHA256',
    signature_hash: 'sha256',
    self_signed: false,
    ...extra,
  };
}

/**
 * A whole TlsScanReport as the scanner stores it, every field filled (a cipher suite, an
 * ephemeral key, a cap, a warning, HSTS): test data for the API's views and its document; the
 * scanner's own tests produce real ones.
 */
export function tlsReportFixture(hostname: string, grade: TlsGradeLetter = 'A', score = 90): TlsScanReport {
  const suite = { id: 0x1301, name: 'TLS_AES_128_GCM_SHA256', bits: 128, key_exchange: 'ECDHE', forward_secrecy: true, aead: true };
  return {
    host: hostname,
    port: 443,
    ip: '192.0.2.1',
    grade,
    score,
    category_scores: { protocol: 100, key_exchange: 90, cipher_strength: 90 },
    caps: [{ grade: 'A', reason: 'No HSTS preload' }],
    warnings: ['OCSP stapling not enabled'],
    notes: [],
    grade_trust_ignored: null,
    protocols: [
      { name: 'TLSv1.2', supported: false },
      { name: 'TLSv1.3', supported: true },
    ],
    cipher_suites: { 'TLSv1.3': [suite] },
    server_cipher_order: null,
    key_exchange: { certificate_key_type: 'EC', certificate_key_bits: 256, ephemeral: [{ type: 'ECDH', group: 'x25519', bits: 253, rsa_equivalent_bits: 3072 }] },
    forward_secrecy: true,
    aead: true,
    fallback_scsv: null,
    secure_renegotiation: null,
    ocsp_stapling: false,
    alpn: 'h2',
    hsts: { present: true, max_age: 63072000, include_subdomains: true, preload: false },
    certificate: { ...certificateFixture(hostname), trusted: true, trust_error: null, hostname_match: true },
    chain: [certificateFixture('Vigil Test Intermediate', { issuer: 'CN=Vigil Test Root', subject: 'CN=Vigil Test Intermediate', sans: [] })],
    scanned_at: new Date().toISOString(),
    duration_ms: 1234,
  };
}
