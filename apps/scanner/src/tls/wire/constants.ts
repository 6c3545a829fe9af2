/** TLS wire constants: versions, record and handshake types, extensions, groups, alerts. */
import type { ProtocolName } from '../types.js';

export const VERSION: Record<ProtocolName, number> = {
  SSLv2: 0x0002,
  SSLv3: 0x0300,
  'TLSv1.0': 0x0301,
  'TLSv1.1': 0x0302,
  'TLSv1.2': 0x0303,
  'TLSv1.3': 0x0304,
};

export function protocolOfVersion(version: number): ProtocolName | null {
  const found = (Object.entries(VERSION) as [ProtocolName, number][]).find(([, v]) => v === version);
  return found ? found[0] : null;
}

export const RecordType = { ChangeCipherSpec: 20, Alert: 21, Handshake: 22, ApplicationData: 23 } as const;

export const HandshakeType = {
  ClientHello: 1,
  ServerHello: 2,
  Certificate: 11,
  ServerKeyExchange: 12,
  CertificateRequest: 13,
  ServerHelloDone: 14,
  CertificateStatus: 22,
} as const;

export const Ext = {
  ServerName: 0,
  StatusRequest: 5,
  SupportedGroups: 10,
  EcPointFormats: 11,
  SignatureAlgorithms: 13,
  Alpn: 16,
  Padding: 21,
  ExtendedMasterSecret: 23,
  SessionTicket: 35,
  SupportedVersions: 43,
  PskKeyExchangeModes: 45,
  KeyShare: 51,
  RenegotiationInfo: 0xff01,
} as const;

/** Signalling cipher suite values. */
export const SCSV = { EmptyRenegotiationInfo: 0x00ff, Fallback: 0x5600 } as const;

export interface NamedGroup {
  id: number;
  name: string;
  kind: 'ECDH' | 'DH';
  /** Curve field size or FFDHE prime size. */
  bits: number;
  /** Usable as a TLS 1.3 key-share group. */
  tls13: boolean;
}

export const NAMED_GROUPS: readonly NamedGroup[] = [
  { id: 0x001d, name: 'x25519', kind: 'ECDH', bits: 253, tls13: true },
  { id: 0x0017, name: 'secp256r1', kind: 'ECDH', bits: 256, tls13: true },
  { id: 0x0018, name: 'secp384r1', kind: 'ECDH', bits: 384, tls13: true },
  { id: 0x0019, name: 'secp521r1', kind: 'ECDH', bits: 521, tls13: true },
  { id: 0x001e, name: 'x448', kind: 'ECDH', bits: 448, tls13: true },
  { id: 0x001f, name: 'brainpoolP256r1tls13', kind: 'ECDH', bits: 256, tls13: true },
  { id: 0x0020, name: 'brainpoolP384r1tls13', kind: 'ECDH', bits: 384, tls13: true },
  { id: 0x0021, name: 'brainpoolP512r1tls13', kind: 'ECDH', bits: 512, tls13: true },
  { id: 0x0100, name: 'ffdhe2048', kind: 'DH', bits: 2048, tls13: true },
  { id: 0x0101, name: 'ffdhe3072', kind: 'DH', bits: 3072, tls13: true },
  { id: 0x0102, name: 'ffdhe4096', kind: 'DH', bits: 4096, tls13: true },
  { id: 0x0103, name: 'ffdhe6144', kind: 'DH', bits: 6144, tls13: true },
  { id: 0x0104, name: 'ffdhe8192', kind: 'DH', bits: 8192, tls13: true },
  { id: 0x001a, name: 'brainpoolP256r1', kind: 'ECDH', bits: 256, tls13: false },
  { id: 0x001b, name: 'brainpoolP384r1', kind: 'ECDH', bits: 384, tls13: false },
  { id: 0x001c, name: 'brainpoolP512r1', kind: 'ECDH', bits: 512, tls13: false },
  { id: 0x0016, name: 'secp256k1', kind: 'ECDH', bits: 256, tls13: false },
  { id: 0x0015, name: 'secp224r1', kind: 'ECDH', bits: 224, tls13: false },
  { id: 0x0014, name: 'secp224k1', kind: 'ECDH', bits: 224, tls13: false },
  { id: 0x0013, name: 'secp192r1', kind: 'ECDH', bits: 192, tls13: false },
  { id: 0x0012, name: 'secp192k1', kind: 'ECDH', bits: 192, tls13: false },
  { id: 0x0011, name: 'secp160r2', kind: 'ECDH', bits: 160, tls13: false },
  { id: 0x0010, name: 'secp160r1', kind: 'ECDH', bits: 160, tls13: false },
  { id: 0x000f, name: 'secp160k1', kind: 'ECDH', bits: 160, tls13: false },
  { id: 0x000e, name: 'sect571r1', kind: 'ECDH', bits: 571, tls13: false },
  { id: 0x000d, name: 'sect571k1', kind: 'ECDH', bits: 571, tls13: false },
  { id: 0x000c, name: 'sect409r1', kind: 'ECDH', bits: 409, tls13: false },
  { id: 0x000b, name: 'sect409k1', kind: 'ECDH', bits: 409, tls13: false },
  { id: 0x000a, name: 'sect283r1', kind: 'ECDH', bits: 283, tls13: false },
  { id: 0x0009, name: 'sect283k1', kind: 'ECDH', bits: 283, tls13: false },
  { id: 0x0008, name: 'sect239k1', kind: 'ECDH', bits: 239, tls13: false },
  { id: 0x0007, name: 'sect233r1', kind: 'ECDH', bits: 233, tls13: false },
  { id: 0x0006, name: 'sect233k1', kind: 'ECDH', bits: 233, tls13: false },
  { id: 0x0005, name: 'sect193r2', kind: 'ECDH', bits: 193, tls13: false },
  { id: 0x0004, name: 'sect193r1', kind: 'ECDH', bits: 193, tls13: false },
  { id: 0x0003, name: 'sect163r2', kind: 'ECDH', bits: 163, tls13: false },
  { id: 0x0002, name: 'sect163r1', kind: 'ECDH', bits: 163, tls13: false },
  { id: 0x0001, name: 'sect163k1', kind: 'ECDH', bits: 163, tls13: false },
];

const groupsById = new Map(NAMED_GROUPS.map((g) => [g.id, g]));
export function groupById(id: number): NamedGroup | undefined {
  return groupsById.get(id);
}

/** Groups a TLS 1.3 ClientHello offers; every named group for TLS 1.2 and below. */
export const TLS13_GROUPS = NAMED_GROUPS.filter((g) => g.tls13).map((g) => g.id);
export const LEGACY_GROUPS = NAMED_GROUPS.filter((g) => g.kind === 'ECDH').map((g) => g.id);

/** signature_algorithms offered: modern first, SHA-1 and SHA-224 last so old servers still answer. */
export const SIGNATURE_ALGORITHMS = [
  0x0403, 0x0503, 0x0603, 0x0807, 0x0808, 0x0804, 0x0805, 0x0806, 0x0809, 0x080a, 0x080b, 0x0401, 0x0501, 0x0601, 0x0303,
  0x0301, 0x0302, 0x0402, 0x0502, 0x0602, 0x0203, 0x0201, 0x0202,
];

export const ALERT_DESCRIPTIONS: Record<number, string> = {
  0: 'close_notify',
  10: 'unexpected_message',
  20: 'bad_record_mac',
  22: 'record_overflow',
  40: 'handshake_failure',
  41: 'no_certificate',
  42: 'bad_certificate',
  43: 'unsupported_certificate',
  47: 'illegal_parameter',
  48: 'unknown_ca',
  50: 'decode_error',
  51: 'decrypt_error',
  70: 'protocol_version',
  71: 'insufficient_security',
  80: 'internal_error',
  86: 'inappropriate_fallback',
  90: 'user_canceled',
  100: 'no_renegotiation',
  109: 'missing_extension',
  110: 'unsupported_extension',
  112: 'unrecognized_name',
  120: 'no_application_protocol',
};

export const ALERT = { HandshakeFailure: 40, ProtocolVersion: 70, InappropriateFallback: 86 } as const;

/** SHA-256("HelloRetryRequest"): the ServerHello.random of a HelloRetryRequest. */
export const HRR_RANDOM = Buffer.from('cf21ad74e59a6111be1d8c021e65b891c2a211167abb8c5e079e09e2c8a8339c', 'hex');
