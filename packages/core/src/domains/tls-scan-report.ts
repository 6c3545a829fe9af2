import { Type, type Static } from '@sinclair/typebox';

/**
 * The JSON report the TLS scanner writes into scans.report and GET /scans/{id}/full serves:
 * defined once here so the scanner's types and the API's documented, serialised schema are
 * the same thing. Fields are snake_case.
 */

const L = Type.Literal;
const ProtocolNameSchema = Type.Union([L('SSLv2'), L('SSLv3'), L('TLSv1.0'), L('TLSv1.1'), L('TLSv1.2'), L('TLSv1.3')]);
export const TlsGradeLetterSchema = Type.Union([L('A+'), L('A'), L('B'), L('C'), L('D'), L('F')]);

const NullableString = (description: string) => Type.Union([Type.String(), Type.Null()], { description });
const NullableBoolean = (description: string) => Type.Union([Type.Boolean(), Type.Null()], { description });

export const SuiteReportSchema = Type.Object({
  id: Type.Integer({ description: 'IANA code point, e.g. 0xc02f; SSLv2 cipher kinds are 3-byte values (e.g. 0x010080)' }),
  name: Type.String({ description: 'IANA name (SSL_CK_... for SSLv2)', examples: ['TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256'] }),
  bits: Type.Integer({ description: 'Effective symmetric strength: 3DES 112, export ciphers below 128, NULL 0' }),
  key_exchange: Type.String({ description: 'RSA, DHE, ECDHE, DH, ECDH, DH_anon, ECDH_anon, RSA_EXPORT, DHE_EXPORT, ...' }),
  forward_secrecy: Type.Boolean(),
  aead: Type.Boolean(),
}, { description: 'One accepted cipher suite' });

export const EphemeralKeySchema = Type.Object({
  type: Type.Union([L('ECDH'), L('DH'), L('RSA')]),
  group: NullableString('Group name for ECDH and TLS 1.3 FFDHE groups (x25519, secp256r1, ffdhe2048...), null for plain DH/RSA'),
  bits: Type.Integer({ description: 'Curve field size or modulus/prime size in bits' }),
  rsa_equivalent_bits: Type.Integer({ description: 'Strength in RSA-equivalent bits as the grader counts it' }),
}, { description: 'An ephemeral key the server used in a key exchange' });

export const HstsReportSchema = Type.Object({
  present: Type.Boolean(),
  max_age: Type.Union([Type.Integer(), Type.Null()], { description: 'Seconds; null when absent' }),
  include_subdomains: Type.Boolean(),
  preload: Type.Boolean(),
});

const certificateFields = {
  subject: Type.String(),
  issuer: Type.String(),
  valid_from: Type.String({ description: 'ISO 8601' }),
  valid_to: Type.String({ description: 'ISO 8601' }),
  serial_number: Type.String(),
  fingerprint_sha256: Type.String({ description: 'Lower-case hex, no separators' }),
  sans: Type.Array(Type.String()),
  key_type: Type.String({ description: 'RSA, EC, Ed25519, Ed448, DSA' }),
  key_size: Type.Integer({ description: 'RSA/DSA modulus bits; EC curve size' }),
  key_curve: NullableString('EC curve name (P-256...), null for other key types'),
  signature_algorithm: Type.String({ examples: ['sha256WithRSAEncryption'] }),
  signature_hash: NullableString('md5, sha1, sha256, sha384, sha512, or null when not a hash-and-sign algorithm'),
  self_signed: Type.Boolean(),
};

export const CertificateReportSchema = Type.Object(certificateFields, { description: 'A certificate of the chain' });

/** The leaf: the chain-level fields plus what the verification found. */
export const LeafCertificateReportSchema = Type.Object({
  ...certificateFields,
  trusted: Type.Boolean(),
  trust_error: NullableString('OpenSSL verification code (e.g. CERT_HAS_EXPIRED), null when trusted'),
  hostname_match: Type.Boolean(),
}, { description: 'The leaf certificate and what its verification found' });

/** Accepted suites per supported protocol, in the server's preference order. */
export const CipherSuitesByProtocolSchema = Type.Partial(Type.Record(ProtocolNameSchema, Type.Array(SuiteReportSchema)), {
  description: 'Accepted suites per supported protocol, in the server\'s preference order',
});

export const GradeCapSchema = Type.Object({ grade: TlsGradeLetterSchema, reason: Type.String() });

export const CategoryScoresSchema = Type.Object({
  protocol: Type.Number(),
  key_exchange: Type.Number(),
  cipher_strength: Type.Number(),
});

const gradeFields = {
  grade: TlsGradeLetterSchema,
  score: Type.Number(),
  category_scores: CategoryScoresSchema,
  caps: Type.Array(GradeCapSchema, { description: 'Limits applied to the grade, with why' }),
  warnings: Type.Array(Type.String()),
  notes: Type.Array(Type.String()),
  grade_trust_ignored: Type.Union([TlsGradeLetterSchema, Type.Null()], { description: 'The grade as if the certificate were trusted; null unless trust failed' }),
};

export const TlsGradeSchema = Type.Object(gradeFields);

export const TlsScanReportSchema = Type.Object({
  ...gradeFields,
  host: Type.String(),
  port: Type.Integer(),
  ip: Type.String(),
  protocols: Type.Array(Type.Object({ name: ProtocolNameSchema, supported: Type.Boolean() })),
  cipher_suites: CipherSuitesByProtocolSchema,
  server_cipher_order: NullableBoolean('Whether the server picks by its own order; null when it could not be told (one suite)'),
  key_exchange: Type.Object({
    certificate_key_type: Type.Union([Type.String(), Type.Null()]),
    certificate_key_bits: Type.Union([Type.Integer(), Type.Null()]),
    ephemeral: Type.Array(EphemeralKeySchema),
  }),
  forward_secrecy: Type.Boolean(),
  aead: Type.Boolean(),
  fallback_scsv: NullableBoolean('null when fewer than two protocols are supported'),
  secure_renegotiation: NullableBoolean('null when no protocol below TLS 1.3 is supported'),
  ocsp_stapling: Type.Boolean(),
  alpn: NullableString('The negotiated ALPN protocol, null when none'),
  hsts: HstsReportSchema,
  certificate: Type.Union([LeafCertificateReportSchema, Type.Null()], { description: 'null when the server sent none (anonymous suites only)' }),
  chain: Type.Array(CertificateReportSchema, { description: 'The certificates after the leaf, as sent' }),
  scanned_at: Type.String({ description: 'ISO 8601 time of the scan' }),
  duration_ms: Type.Integer(),
});

export type TlsProtocolName = Static<typeof ProtocolNameSchema>;
export type TlsGradeLetter = Static<typeof TlsGradeLetterSchema>;
export type SuiteReport = Static<typeof SuiteReportSchema>;
export type EphemeralKey = Static<typeof EphemeralKeySchema>;
export type HstsReport = Static<typeof HstsReportSchema>;
export type CertificateReport = Static<typeof CertificateReportSchema>;
export type LeafCertificateReport = Static<typeof LeafCertificateReportSchema>;
export type CipherSuitesByProtocol = Static<typeof CipherSuitesByProtocolSchema>;
export type GradeCap = Static<typeof GradeCapSchema>;
export type CategoryScores = Static<typeof CategoryScoresSchema>;
export type TlsGrade = Static<typeof TlsGradeSchema>;
export type TlsScanReport = Static<typeof TlsScanReportSchema>;
