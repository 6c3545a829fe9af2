/**
 * Cipher-suite registry: IANA code point -> name and properties. The properties are derived
 * from the IANA name (TLS_<kx>_<auth>_WITH_<cipher>_<mac>), so one table of names is the single
 * source. Covers what grading needs: NULL, export, anonymous, RC4, DES/3DES, IDEA, SEED,
 * Camellia, ARIA, AES CBC/GCM/CCM, ChaCha20, static DH/ECDH, and the TLS 1.3 suites.
 */
import type { ProtocolName, SuiteReport } from './types.js';

export interface CipherSuite {
  id: number;
  name: string;
  /** RSA, DH, DHE, ECDH, ECDHE (TLS 1.3 suites: ECDHE; the group is reported separately). */
  kx: 'RSA' | 'DH' | 'DHE' | 'ECDH' | 'ECDHE';
  /** RSA, DSS, ECDSA, anon, or any (TLS 1.3). */
  auth: 'RSA' | 'DSS' | 'ECDSA' | 'anon' | 'any';
  /** e.g. AES_128_GCM, 3DES_EDE_CBC, RC4_40, CHACHA20_POLY1305, NULL. */
  encryption: string;
  mac: string;
  bits: number;
  aead: boolean;
  export: boolean;
  /** Ephemeral, authenticated key exchange. */
  forwardSecrecy: boolean;
  /** Lowest protocol that can negotiate it. */
  minProtocol: ProtocolName;
  /** TLS 1.3 suites are negotiated only in TLS 1.3. */
  tls13: boolean;
}

const NAMES: [number, string][] = [
  [0x0001, 'TLS_RSA_WITH_NULL_MD5'],
  [0x0002, 'TLS_RSA_WITH_NULL_SHA'],
  [0x0003, 'TLS_RSA_EXPORT_WITH_RC4_40_MD5'],
  [0x0004, 'TLS_RSA_WITH_RC4_128_MD5'],
  [0x0005, 'TLS_RSA_WITH_RC4_128_SHA'],
  [0x0006, 'TLS_RSA_EXPORT_WITH_RC2_CBC_40_MD5'],
  [0x0007, 'TLS_RSA_WITH_IDEA_CBC_SHA'],
  [0x0008, 'TLS_RSA_EXPORT_WITH_DES40_CBC_SHA'],
  [0x0009, 'TLS_RSA_WITH_DES_CBC_SHA'],
  [0x000a, 'TLS_RSA_WITH_3DES_EDE_CBC_SHA'],
  [0x000b, 'TLS_DH_DSS_EXPORT_WITH_DES40_CBC_SHA'],
  [0x000c, 'TLS_DH_DSS_WITH_DES_CBC_SHA'],
  [0x000d, 'TLS_DH_DSS_WITH_3DES_EDE_CBC_SHA'],
  [0x000e, 'TLS_DH_RSA_EXPORT_WITH_DES40_CBC_SHA'],
  [0x000f, 'TLS_DH_RSA_WITH_DES_CBC_SHA'],
  [0x0010, 'TLS_DH_RSA_WITH_3DES_EDE_CBC_SHA'],
  [0x0011, 'TLS_DHE_DSS_EXPORT_WITH_DES40_CBC_SHA'],
  [0x0012, 'TLS_DHE_DSS_WITH_DES_CBC_SHA'],
  [0x0013, 'TLS_DHE_DSS_WITH_3DES_EDE_CBC_SHA'],
  [0x0014, 'TLS_DHE_RSA_EXPORT_WITH_DES40_CBC_SHA'],
  [0x0015, 'TLS_DHE_RSA_WITH_DES_CBC_SHA'],
  [0x0016, 'TLS_DHE_RSA_WITH_3DES_EDE_CBC_SHA'],
  [0x0017, 'TLS_DH_anon_EXPORT_WITH_RC4_40_MD5'],
  [0x0018, 'TLS_DH_anon_WITH_RC4_128_MD5'],
  [0x0019, 'TLS_DH_anon_EXPORT_WITH_DES40_CBC_SHA'],
  [0x001a, 'TLS_DH_anon_WITH_DES_CBC_SHA'],
  [0x001b, 'TLS_DH_anon_WITH_3DES_EDE_CBC_SHA'],
  [0x002f, 'TLS_RSA_WITH_AES_128_CBC_SHA'],
  [0x0030, 'TLS_DH_DSS_WITH_AES_128_CBC_SHA'],
  [0x0031, 'TLS_DH_RSA_WITH_AES_128_CBC_SHA'],
  [0x0032, 'TLS_DHE_DSS_WITH_AES_128_CBC_SHA'],
  [0x0033, 'TLS_DHE_RSA_WITH_AES_128_CBC_SHA'],
  [0x0034, 'TLS_DH_anon_WITH_AES_128_CBC_SHA'],
  [0x0035, 'TLS_RSA_WITH_AES_256_CBC_SHA'],
  [0x0036, 'TLS_DH_DSS_WITH_AES_256_CBC_SHA'],
  [0x0037, 'TLS_DH_RSA_WITH_AES_256_CBC_SHA'],
  [0x0038, 'TLS_DHE_DSS_WITH_AES_256_CBC_SHA'],
  [0x0039, 'TLS_DHE_RSA_WITH_AES_256_CBC_SHA'],
  [0x003a, 'TLS_DH_anon_WITH_AES_256_CBC_SHA'],
  [0x003b, 'TLS_RSA_WITH_NULL_SHA256'],
  [0x003c, 'TLS_RSA_WITH_AES_128_CBC_SHA256'],
  [0x003d, 'TLS_RSA_WITH_AES_256_CBC_SHA256'],
  [0x003e, 'TLS_DH_DSS_WITH_AES_128_CBC_SHA256'],
  [0x003f, 'TLS_DH_RSA_WITH_AES_128_CBC_SHA256'],
  [0x0040, 'TLS_DHE_DSS_WITH_AES_128_CBC_SHA256'],
  [0x0041, 'TLS_RSA_WITH_CAMELLIA_128_CBC_SHA'],
  [0x0042, 'TLS_DH_DSS_WITH_CAMELLIA_128_CBC_SHA'],
  [0x0043, 'TLS_DH_RSA_WITH_CAMELLIA_128_CBC_SHA'],
  [0x0044, 'TLS_DHE_DSS_WITH_CAMELLIA_128_CBC_SHA'],
  [0x0045, 'TLS_DHE_RSA_WITH_CAMELLIA_128_CBC_SHA'],
  [0x0046, 'TLS_DH_anon_WITH_CAMELLIA_128_CBC_SHA'],
  // Pre-standard 1024-bit export suites (draft-ietf-tls-56-bit-ciphersuites), still seen in the wild.
  [0x0060, 'TLS_RSA_EXPORT1024_WITH_RC4_56_MD5'],
  [0x0061, 'TLS_RSA_EXPORT1024_WITH_RC2_CBC_56_MD5'],
  [0x0062, 'TLS_RSA_EXPORT1024_WITH_DES_CBC_SHA'],
  [0x0063, 'TLS_DHE_DSS_EXPORT1024_WITH_DES_CBC_SHA'],
  [0x0064, 'TLS_RSA_EXPORT1024_WITH_RC4_56_SHA'],
  [0x0065, 'TLS_DHE_DSS_EXPORT1024_WITH_RC4_56_SHA'],
  [0x0066, 'TLS_DHE_DSS_WITH_RC4_128_SHA'],
  [0x0067, 'TLS_DHE_RSA_WITH_AES_128_CBC_SHA256'],
  [0x0068, 'TLS_DH_DSS_WITH_AES_256_CBC_SHA256'],
  [0x0069, 'TLS_DH_RSA_WITH_AES_256_CBC_SHA256'],
  [0x006a, 'TLS_DHE_DSS_WITH_AES_256_CBC_SHA256'],
  [0x006b, 'TLS_DHE_RSA_WITH_AES_256_CBC_SHA256'],
  [0x006c, 'TLS_DH_anon_WITH_AES_128_CBC_SHA256'],
  [0x006d, 'TLS_DH_anon_WITH_AES_256_CBC_SHA256'],
  [0x0084, 'TLS_RSA_WITH_CAMELLIA_256_CBC_SHA'],
  [0x0085, 'TLS_DH_DSS_WITH_CAMELLIA_256_CBC_SHA'],
  [0x0086, 'TLS_DH_RSA_WITH_CAMELLIA_256_CBC_SHA'],
  [0x0087, 'TLS_DHE_DSS_WITH_CAMELLIA_256_CBC_SHA'],
  [0x0088, 'TLS_DHE_RSA_WITH_CAMELLIA_256_CBC_SHA'],
  [0x0089, 'TLS_DH_anon_WITH_CAMELLIA_256_CBC_SHA'],
  [0x0096, 'TLS_RSA_WITH_SEED_CBC_SHA'],
  [0x0097, 'TLS_DH_DSS_WITH_SEED_CBC_SHA'],
  [0x0098, 'TLS_DH_RSA_WITH_SEED_CBC_SHA'],
  [0x0099, 'TLS_DHE_DSS_WITH_SEED_CBC_SHA'],
  [0x009a, 'TLS_DHE_RSA_WITH_SEED_CBC_SHA'],
  [0x009b, 'TLS_DH_anon_WITH_SEED_CBC_SHA'],
  [0x009c, 'TLS_RSA_WITH_AES_128_GCM_SHA256'],
  [0x009d, 'TLS_RSA_WITH_AES_256_GCM_SHA384'],
  [0x009e, 'TLS_DHE_RSA_WITH_AES_128_GCM_SHA256'],
  [0x009f, 'TLS_DHE_RSA_WITH_AES_256_GCM_SHA384'],
  [0x00a0, 'TLS_DH_RSA_WITH_AES_128_GCM_SHA256'],
  [0x00a1, 'TLS_DH_RSA_WITH_AES_256_GCM_SHA384'],
  [0x00a2, 'TLS_DHE_DSS_WITH_AES_128_GCM_SHA256'],
  [0x00a3, 'TLS_DHE_DSS_WITH_AES_256_GCM_SHA384'],
  [0x00a4, 'TLS_DH_DSS_WITH_AES_128_GCM_SHA256'],
  [0x00a5, 'TLS_DH_DSS_WITH_AES_256_GCM_SHA384'],
  [0x00a6, 'TLS_DH_anon_WITH_AES_128_GCM_SHA256'],
  [0x00a7, 'TLS_DH_anon_WITH_AES_256_GCM_SHA384'],
  [0x00ba, 'TLS_RSA_WITH_CAMELLIA_128_CBC_SHA256'],
  [0x00bb, 'TLS_DH_DSS_WITH_CAMELLIA_128_CBC_SHA256'],
  [0x00bc, 'TLS_DH_RSA_WITH_CAMELLIA_128_CBC_SHA256'],
  [0x00bd, 'TLS_DHE_DSS_WITH_CAMELLIA_128_CBC_SHA256'],
  [0x00be, 'TLS_DHE_RSA_WITH_CAMELLIA_128_CBC_SHA256'],
  [0x00bf, 'TLS_DH_anon_WITH_CAMELLIA_128_CBC_SHA256'],
  [0x00c0, 'TLS_RSA_WITH_CAMELLIA_256_CBC_SHA256'],
  [0x00c1, 'TLS_DH_DSS_WITH_CAMELLIA_256_CBC_SHA256'],
  [0x00c2, 'TLS_DH_RSA_WITH_CAMELLIA_256_CBC_SHA256'],
  [0x00c3, 'TLS_DHE_DSS_WITH_CAMELLIA_256_CBC_SHA256'],
  [0x00c4, 'TLS_DHE_RSA_WITH_CAMELLIA_256_CBC_SHA256'],
  [0x00c5, 'TLS_DH_anon_WITH_CAMELLIA_256_CBC_SHA256'],
  [0x1301, 'TLS_AES_128_GCM_SHA256'],
  [0x1302, 'TLS_AES_256_GCM_SHA384'],
  [0x1303, 'TLS_CHACHA20_POLY1305_SHA256'],
  [0x1304, 'TLS_AES_128_CCM_SHA256'],
  [0x1305, 'TLS_AES_128_CCM_8_SHA256'],
  [0xc001, 'TLS_ECDH_ECDSA_WITH_NULL_SHA'],
  [0xc002, 'TLS_ECDH_ECDSA_WITH_RC4_128_SHA'],
  [0xc003, 'TLS_ECDH_ECDSA_WITH_3DES_EDE_CBC_SHA'],
  [0xc004, 'TLS_ECDH_ECDSA_WITH_AES_128_CBC_SHA'],
  [0xc005, 'TLS_ECDH_ECDSA_WITH_AES_256_CBC_SHA'],
  [0xc006, 'TLS_ECDHE_ECDSA_WITH_NULL_SHA'],
  [0xc007, 'TLS_ECDHE_ECDSA_WITH_RC4_128_SHA'],
  [0xc008, 'TLS_ECDHE_ECDSA_WITH_3DES_EDE_CBC_SHA'],
  [0xc009, 'TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA'],
  [0xc00a, 'TLS_ECDHE_ECDSA_WITH_AES_256_CBC_SHA'],
  [0xc00b, 'TLS_ECDH_RSA_WITH_NULL_SHA'],
  [0xc00c, 'TLS_ECDH_RSA_WITH_RC4_128_SHA'],
  [0xc00d, 'TLS_ECDH_RSA_WITH_3DES_EDE_CBC_SHA'],
  [0xc00e, 'TLS_ECDH_RSA_WITH_AES_128_CBC_SHA'],
  [0xc00f, 'TLS_ECDH_RSA_WITH_AES_256_CBC_SHA'],
  [0xc010, 'TLS_ECDHE_RSA_WITH_NULL_SHA'],
  [0xc011, 'TLS_ECDHE_RSA_WITH_RC4_128_SHA'],
  [0xc012, 'TLS_ECDHE_RSA_WITH_3DES_EDE_CBC_SHA'],
  [0xc013, 'TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA'],
  [0xc014, 'TLS_ECDHE_RSA_WITH_AES_256_CBC_SHA'],
  [0xc015, 'TLS_ECDH_anon_WITH_NULL_SHA'],
  [0xc016, 'TLS_ECDH_anon_WITH_RC4_128_SHA'],
  [0xc017, 'TLS_ECDH_anon_WITH_3DES_EDE_CBC_SHA'],
  [0xc018, 'TLS_ECDH_anon_WITH_AES_128_CBC_SHA'],
  [0xc019, 'TLS_ECDH_anon_WITH_AES_256_CBC_SHA'],
  [0xc023, 'TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA256'],
  [0xc024, 'TLS_ECDHE_ECDSA_WITH_AES_256_CBC_SHA384'],
  [0xc025, 'TLS_ECDH_ECDSA_WITH_AES_128_CBC_SHA256'],
  [0xc026, 'TLS_ECDH_ECDSA_WITH_AES_256_CBC_SHA384'],
  [0xc027, 'TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA256'],
  [0xc028, 'TLS_ECDHE_RSA_WITH_AES_256_CBC_SHA384'],
  [0xc029, 'TLS_ECDH_RSA_WITH_AES_128_CBC_SHA256'],
  [0xc02a, 'TLS_ECDH_RSA_WITH_AES_256_CBC_SHA384'],
  [0xc02b, 'TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256'],
  [0xc02c, 'TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384'],
  [0xc02d, 'TLS_ECDH_ECDSA_WITH_AES_128_GCM_SHA256'],
  [0xc02e, 'TLS_ECDH_ECDSA_WITH_AES_256_GCM_SHA384'],
  [0xc02f, 'TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256'],
  [0xc030, 'TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384'],
  [0xc031, 'TLS_ECDH_RSA_WITH_AES_128_GCM_SHA256'],
  [0xc032, 'TLS_ECDH_RSA_WITH_AES_256_GCM_SHA384'],
  [0xc050, 'TLS_RSA_WITH_ARIA_128_GCM_SHA256'],
  [0xc051, 'TLS_RSA_WITH_ARIA_256_GCM_SHA384'],
  [0xc052, 'TLS_DHE_RSA_WITH_ARIA_128_GCM_SHA256'],
  [0xc053, 'TLS_DHE_RSA_WITH_ARIA_256_GCM_SHA384'],
  [0xc056, 'TLS_DHE_DSS_WITH_ARIA_128_GCM_SHA256'],
  [0xc057, 'TLS_DHE_DSS_WITH_ARIA_256_GCM_SHA384'],
  [0xc05c, 'TLS_ECDHE_ECDSA_WITH_ARIA_128_GCM_SHA256'],
  [0xc05d, 'TLS_ECDHE_ECDSA_WITH_ARIA_256_GCM_SHA384'],
  [0xc060, 'TLS_ECDHE_RSA_WITH_ARIA_128_GCM_SHA256'],
  [0xc061, 'TLS_ECDHE_RSA_WITH_ARIA_256_GCM_SHA384'],
  [0xc072, 'TLS_ECDHE_ECDSA_WITH_CAMELLIA_128_CBC_SHA256'],
  [0xc073, 'TLS_ECDHE_ECDSA_WITH_CAMELLIA_256_CBC_SHA384'],
  [0xc076, 'TLS_ECDHE_RSA_WITH_CAMELLIA_128_CBC_SHA256'],
  [0xc077, 'TLS_ECDHE_RSA_WITH_CAMELLIA_256_CBC_SHA384'],
  [0xc09c, 'TLS_RSA_WITH_AES_128_CCM'],
  [0xc09d, 'TLS_RSA_WITH_AES_256_CCM'],
  [0xc09e, 'TLS_DHE_RSA_WITH_AES_128_CCM'],
  [0xc09f, 'TLS_DHE_RSA_WITH_AES_256_CCM'],
  [0xc0a0, 'TLS_RSA_WITH_AES_128_CCM_8'],
  [0xc0a1, 'TLS_RSA_WITH_AES_256_CCM_8'],
  [0xc0a2, 'TLS_DHE_RSA_WITH_AES_128_CCM_8'],
  [0xc0a3, 'TLS_DHE_RSA_WITH_AES_256_CCM_8'],
  [0xc0ac, 'TLS_ECDHE_ECDSA_WITH_AES_128_CCM'],
  [0xc0ad, 'TLS_ECDHE_ECDSA_WITH_AES_256_CCM'],
  [0xc0ae, 'TLS_ECDHE_ECDSA_WITH_AES_128_CCM_8'],
  [0xc0af, 'TLS_ECDHE_ECDSA_WITH_AES_256_CCM_8'],
  [0xcca8, 'TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256'],
  [0xcca9, 'TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256'],
  [0xccaa, 'TLS_DHE_RSA_WITH_CHACHA20_POLY1305_SHA256'],
];

/** Effective strength of the bulk cipher in bits. */
export function encryptionBits(encryption: string): number {
  if (encryption === 'NULL') return 0;
  if (encryption.startsWith('3DES')) return 112;
  if (encryption.startsWith('DES40') || encryption === 'DES_CBC_40') return 40;
  if (encryption.startsWith('DES')) return 56;
  if (encryption.startsWith('CHACHA20')) return 256;
  if (encryption.startsWith('IDEA') || encryption.startsWith('SEED')) return 128;
  const sized = /^(?:RC4|RC2_CBC|AES|CAMELLIA|ARIA)_(\d+)/.exec(encryption);
  if (sized) return Number(sized[1]);
  throw new Error(`Unknown cipher ${encryption}`);
}

function parseName(id: number, name: string): CipherSuite {
  const tls13 = /^TLS_((?:AES|CHACHA20)_\w+)_(SHA\d+)$/.exec(name);
  if (tls13 && !name.includes('_WITH_')) {
    const encryption = tls13[1];
    return {
      id,
      name,
      kx: 'ECDHE',
      auth: 'any',
      encryption,
      mac: 'AEAD',
      bits: encryptionBits(encryption),
      aead: true,
      export: false,
      forwardSecrecy: true,
      minProtocol: 'TLSv1.3',
      tls13: true,
    };
  }
  const m = /^TLS_(.+)_WITH_(.+?)(?:_(MD5|SHA|SHA256|SHA384))?$/.exec(name);
  if (!m) throw new Error(`Unparseable suite name ${name}`);
  const kxPart = m[1];
  const encryption = m[2];
  const mac = m[3] ?? 'AEAD';
  const tokens = kxPart.split('_');
  const kx = tokens[0] as CipherSuite['kx'];
  const auth: CipherSuite['auth'] = kx === 'RSA' ? 'RSA' : (tokens[1] as CipherSuite['auth']);
  const aead = /GCM|CCM|POLY1305/.test(encryption);
  const tls12Only = aead || mac === 'SHA256' || mac === 'SHA384';
  return {
    id,
    name,
    kx,
    auth,
    encryption,
    mac,
    bits: encryptionBits(encryption),
    aead,
    export: kxPart.includes('EXPORT'),
    forwardSecrecy: (kx === 'DHE' || kx === 'ECDHE') && auth !== 'anon',
    minProtocol: tls12Only ? 'TLSv1.2' : 'SSLv3',
    tls13: false,
  };
}

export const CIPHER_SUITES: readonly CipherSuite[] = NAMES.map(([id, name]) => parseName(id, name));

const byId = new Map(CIPHER_SUITES.map((s) => [s.id, s]));

export function suiteById(id: number): CipherSuite | undefined {
  return byId.get(id);
}

/** The key-exchange label of the report: RSA, ECDHE, DH_anon, RSA_EXPORT, DHE_EXPORT... */
export function keyExchangeLabel(s: CipherSuite): string {
  const base = s.auth === 'anon' ? `${s.kx}_anon` : s.kx;
  return s.export ? `${base}_EXPORT` : base;
}

export function suiteReport(id: number): SuiteReport {
  const s = byId.get(id);
  if (!s) {
    const hex = id.toString(16).padStart(4, '0');
    return { id, name: `UNKNOWN_0x${hex}`, bits: 0, key_exchange: 'unknown', forward_secrecy: false, aead: false };
  }
  return {
    id: s.id,
    name: s.name,
    bits: s.bits,
    key_exchange: keyExchangeLabel(s),
    forward_secrecy: s.forwardSecrecy,
    aead: s.aead,
  };
}

const ORDER: ProtocolName[] = ['SSLv2', 'SSLv3', 'TLSv1.0', 'TLSv1.1', 'TLSv1.2', 'TLSv1.3'];

/** Suites a ClientHello of this protocol may offer. */
export function suitesForProtocol(protocol: ProtocolName): CipherSuite[] {
  if (protocol === 'TLSv1.3') return CIPHER_SUITES.filter((s) => s.tls13);
  const level = ORDER.indexOf(protocol);
  return CIPHER_SUITES.filter((s) => !s.tls13 && ORDER.indexOf(s.minProtocol) <= level);
}

/** SSLv2 cipher kinds (3-byte codes). */
export const SSL2_CIPHERS: readonly { id: number; name: string; bits: number; export: boolean }[] = [
  { id: 0x010080, name: 'SSL_CK_RC4_128_WITH_MD5', bits: 128, export: false },
  { id: 0x020080, name: 'SSL_CK_RC4_128_EXPORT40_WITH_MD5', bits: 40, export: true },
  { id: 0x030080, name: 'SSL_CK_RC2_128_CBC_WITH_MD5', bits: 128, export: false },
  { id: 0x040080, name: 'SSL_CK_RC2_128_CBC_EXPORT40_WITH_MD5', bits: 40, export: true },
  { id: 0x050080, name: 'SSL_CK_IDEA_128_CBC_WITH_MD5', bits: 128, export: false },
  { id: 0x060040, name: 'SSL_CK_DES_64_CBC_WITH_MD5', bits: 56, export: false },
  { id: 0x0700c0, name: 'SSL_CK_DES_192_EDE3_CBC_WITH_MD5', bits: 112, export: false },
  { id: 0x080080, name: 'SSL_CK_RC4_64_WITH_MD5', bits: 64, export: false },
];

export function ssl2SuiteReport(id: number): SuiteReport {
  const c = SSL2_CIPHERS.find((x) => x.id === id);
  const name = c?.name ?? `SSL_CK_UNKNOWN_0x${id.toString(16).padStart(6, '0')}`;
  return {
    id,
    name,
    bits: c?.bits ?? 0,
    key_exchange: c?.export ? 'RSA_EXPORT' : 'RSA',
    forward_secrecy: false,
    aead: false,
  };
}
