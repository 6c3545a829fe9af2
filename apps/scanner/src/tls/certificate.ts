/**
 * X.509 certificate details with @peculiar/x509 (names, SANs, validity, serial, signature
 * algorithm) and node:crypto (key type and size, SHA-256 fingerprint, issuer checks).
 */
import 'reflect-metadata';
import crypto from 'node:crypto';
import * as x509 from '@peculiar/x509';
import type { CertificateReport } from './types.js';

/** Signature algorithm OIDs -> [name, hash]. */
const SIGNATURE_OIDS: Record<string, [string, string | null]> = {
  '1.2.840.113549.1.1.2': ['md2WithRSAEncryption', 'md2'],
  '1.2.840.113549.1.1.4': ['md5WithRSAEncryption', 'md5'],
  '1.2.840.113549.1.1.5': ['sha1WithRSAEncryption', 'sha1'],
  '1.2.840.113549.1.1.14': ['sha224WithRSAEncryption', 'sha224'],
  '1.2.840.113549.1.1.11': ['sha256WithRSAEncryption', 'sha256'],
  '1.2.840.113549.1.1.12': ['sha384WithRSAEncryption', 'sha384'],
  '1.2.840.113549.1.1.13': ['sha512WithRSAEncryption', 'sha512'],
  '1.2.840.113549.1.1.10': ['rsassa-pss', null],
  '1.2.840.10045.4.1': ['ecdsa-with-SHA1', 'sha1'],
  '1.2.840.10045.4.3.1': ['ecdsa-with-SHA224', 'sha224'],
  '1.2.840.10045.4.3.2': ['ecdsa-with-SHA256', 'sha256'],
  '1.2.840.10045.4.3.3': ['ecdsa-with-SHA384', 'sha384'],
  '1.2.840.10045.4.3.4': ['ecdsa-with-SHA512', 'sha512'],
  '1.2.840.10040.4.3': ['dsa-with-SHA1', 'sha1'],
  '2.16.840.1.101.3.4.3.2': ['dsa-with-SHA256', 'sha256'],
  '1.3.101.112': ['Ed25519', null],
  '1.3.101.113': ['Ed448', null],
};

const CURVE_NAMES: Record<string, string> = {
  prime256v1: 'P-256',
  secp384r1: 'P-384',
  secp521r1: 'P-521',
};

/** X509Certificate that also exposes the signature algorithm OID (kept in the protected ASN.1). */
class ParsedCertificate extends x509.X509Certificate {
  get signatureOid(): string {
    return this.asn.signatureAlgorithm.algorithm;
  }
}

function keyDetails(der: Buffer): { type: string; size: number; curve: string | null } {
  const key = new crypto.X509Certificate(der).publicKey;
  const details = key.asymmetricKeyDetails ?? {};
  switch (key.asymmetricKeyType) {
    case 'rsa':
    case 'rsa-pss':
      return { type: 'RSA', size: details.modulusLength ?? 0, curve: null };
    case 'dsa':
      return { type: 'DSA', size: details.modulusLength ?? 0, curve: null };
    case 'ec': {
      const raw = details.namedCurve ?? '';
      const curve = CURVE_NAMES[raw] ?? raw;
      const size = /(\d{3})/.exec(raw)?.[1];
      return { type: 'EC', size: size ? Number(size) : 0, curve };
    }
    case 'ed25519':
      return { type: 'Ed25519', size: 256, curve: null };
    case 'ed448':
      return { type: 'Ed448', size: 456, curve: null };
    default:
      return { type: key.asymmetricKeyType ?? 'unknown', size: 0, curve: null };
  }
}

function subjectAltNames(cert: x509.X509Certificate): string[] {
  const ext = cert.getExtension(x509.SubjectAlternativeNameExtension);
  if (!ext) return [];
  return ext.names.items.filter((n) => n.type === 'dns' || n.type === 'ip').map((n) => n.value);
}

/** Whether `cert` names itself as issuer and its signature verifies with its own key. */
function isSelfSigned(der: Buffer): boolean {
  const c = new crypto.X509Certificate(der);
  if (!c.checkIssued(c)) return false;
  try {
    return c.verify(c.publicKey);
  } catch {
    return false;
  }
}

export function describeCertificate(der: Buffer): CertificateReport {
  const cert = new ParsedCertificate(der);
  const oid = cert.signatureOid;
  const [signatureAlgorithm, signatureHash] = SIGNATURE_OIDS[oid] ?? [oid, null];
  const key = keyDetails(der);
  return {
    subject: cert.subject,
    issuer: cert.issuer,
    valid_from: cert.notBefore.toISOString(),
    valid_to: cert.notAfter.toISOString(),
    serial_number: cert.serialNumber,
    fingerprint_sha256: crypto.createHash('sha256').update(der).digest('hex'),
    sans: subjectAltNames(cert),
    key_type: key.type,
    key_size: key.size,
    key_curve: key.curve,
    signature_algorithm: signatureAlgorithm,
    signature_hash: signatureHash,
    self_signed: isSelfSigned(der),
  };
}
