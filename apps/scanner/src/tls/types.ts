/**
 * The shapes of the TLS scanner: the facts a scan gathers (input of the pure grader), the
 * grade, and the JSON report that the scans API stores and serves. Report fields are snake_case.
 */

export const PROTOCOLS = ['SSLv2', 'SSLv3', 'TLSv1.0', 'TLSv1.1', 'TLSv1.2', 'TLSv1.3'] as const;
export type ProtocolName = (typeof PROTOCOLS)[number];

export type Grade = 'A+' | 'A' | 'B' | 'C' | 'D' | 'F';

/** One cipher suite as the report shows it. */
export interface SuiteReport {
  /** IANA code point, e.g. 0xc02f; SSLv2 cipher kinds are 3-byte values (e.g. 0x010080). */
  id: number;
  /** IANA name, e.g. TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256 (SSL_CK_... for SSLv2). */
  name: string;
  /** Effective symmetric strength: 3DES 112, export ciphers below 128, NULL 0. */
  bits: number;
  /** RSA, DHE, ECDHE, DH, ECDH, DH_anon, ECDH_anon, RSA_EXPORT, DHE_EXPORT, ... */
  key_exchange: string;
  forward_secrecy: boolean;
  aead: boolean;
}

/** An ephemeral key the server used in a key exchange. */
export interface EphemeralKey {
  /** ECDH (named curve), DH (finite field) or RSA (export temporary RSA key). */
  type: 'ECDH' | 'DH' | 'RSA';
  /** Group name for ECDH and TLS 1.3 FFDHE groups (x25519, secp256r1, ffdhe2048...), null for plain DH/RSA. */
  group: string | null;
  /** Curve field size or modulus/prime size in bits. */
  bits: number;
  /** Strength in RSA-equivalent bits as the grader counts it. */
  rsa_equivalent_bits: number;
}

export interface HstsReport {
  present: boolean;
  max_age: number | null;
  include_subdomains: boolean;
  preload: boolean;
}

export interface CertificateReport {
  subject: string;
  issuer: string;
  /** ISO 8601. */
  valid_from: string;
  valid_to: string;
  serial_number: string;
  /** Lower-case hex, no separators. */
  fingerprint_sha256: string;
  sans: string[];
  /** RSA, EC, Ed25519, Ed448, DSA. */
  key_type: string;
  /** RSA/DSA modulus bits; EC curve size. */
  key_size: number;
  /** EC curve name (P-256...), null for other key types. */
  key_curve: string | null;
  /** e.g. sha256WithRSAEncryption, ecdsa-with-SHA384, md5WithRSAEncryption. */
  signature_algorithm: string;
  /** md5, sha1, sha256, sha384, sha512, or null when not a hash-and-sign algorithm. */
  signature_hash: string | null;
  self_signed: boolean;
}

/** The leaf: the chain-level fields plus what the verification found. */
export interface LeafCertificateReport extends CertificateReport {
  trusted: boolean;
  /** OpenSSL verification code (e.g. CERT_HAS_EXPIRED, DEPTH_ZERO_SELF_SIGNED_CERT), null when trusted. */
  trust_error: string | null;
  hostname_match: boolean;
}

/** Everything the grader needs, and nothing it has to look up. */
export interface TlsFacts {
  /** Supported protocols. */
  protocols: ProtocolName[];
  /** Accepted suites per supported protocol, in the server's preference order. */
  cipher_suites: Partial<Record<ProtocolName, SuiteReport[]>>;
  /** Whether the server picks by its own order; null when it could not be told (one suite). */
  server_cipher_order: boolean | null;
  /** The leaf certificate's key, null when the server sent none (anonymous suites only). */
  certificate_key: { type: string; bits: number; curve: string | null } | null;
  ephemeral_keys: EphemeralKey[];
  /** null when fewer than two protocols are supported. */
  fallback_scsv: boolean | null;
  /** null when no protocol below TLS 1.3 is supported. */
  secure_renegotiation: boolean | null;
  ocsp_stapling: boolean;
  alpn: string | null;
  hsts: HstsReport;
  certificate: LeafCertificateReport | null;
  /** The certificates after the leaf, as sent. */
  chain: CertificateReport[];
  /** ISO time of the scan: validity is judged against it (keeps the grader pure). */
  scanned_at: string;
}

export interface GradeCap {
  grade: Grade;
  reason: string;
}

export interface CategoryScores {
  protocol: number;
  key_exchange: number;
  cipher_strength: number;
}

export interface TlsGrade {
  grade: Grade;
  score: number;
  category_scores: CategoryScores;
  caps: GradeCap[];
  warnings: string[];
  notes: string[];
  /** The grade as if the certificate were trusted; null unless trust failed. */
  grade_trust_ignored: Grade | null;
}

export interface TlsScanReport extends TlsGrade {
  host: string;
  port: number;
  ip: string;
  protocols: { name: ProtocolName; supported: boolean }[];
  cipher_suites: Partial<Record<ProtocolName, SuiteReport[]>>;
  server_cipher_order: boolean | null;
  key_exchange: {
    certificate_key_type: string | null;
    certificate_key_bits: number | null;
    ephemeral: EphemeralKey[];
  };
  forward_secrecy: boolean;
  aead: boolean;
  fallback_scsv: boolean | null;
  secure_renegotiation: boolean | null;
  ocsp_stapling: boolean;
  alpn: string | null;
  hsts: HstsReport;
  certificate: LeafCertificateReport | null;
  chain: CertificateReport[];
  scanned_at: string;
  duration_ms: number;
}
