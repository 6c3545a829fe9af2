/**
 * The TLS grade of decisions §5 (after the SSL Labs rating guide): a pure function of the facts
 * a scan gathered. No I/O, no clock: validity is judged against `facts.scanned_at`.
 */
import {
  PROTOCOLS,
  type CategoryScores,
  type EphemeralKey,
  type Grade,
  type GradeCap,
  type ProtocolName,
  type SuiteReport,
  type TlsFacts,
  type TlsGrade,
} from './types.js';

/** HSTS max-age needed for A+ (180 days). */
export const HSTS_MIN_MAX_AGE = 15_552_000;
/** A certificate that expires sooner than this is noted. */
const EXPIRY_NOTE_DAYS = 30;

const PROTOCOL_SCORE: Record<ProtocolName, number> = {
  SSLv2: 0,
  SSLv3: 80,
  'TLSv1.0': 90,
  'TLSv1.1': 95,
  'TLSv1.2': 100,
  'TLSv1.3': 100,
};

const GRADE_ORDER: Grade[] = ['F', 'D', 'C', 'B', 'A', 'A+'];

const DATE_ERRORS = new Set(['CERT_HAS_EXPIRED', 'CERT_NOT_YET_VALID']);
const SELF_SIGNED_ERRORS = new Set(['DEPTH_ZERO_SELF_SIGNED_CERT', 'SELF_SIGNED_CERT_IN_CHAIN']);

const NAMED_CURVE_RSA_BITS: Record<string, number> = {
  x25519: 3072,
  'P-256': 3072,
  secp256r1: 3072,
  prime256v1: 3072,
  x448: 7680,
  'P-384': 7680,
  secp384r1: 7680,
  'P-521': 15360,
  secp521r1: 15360,
  Ed25519: 3072,
  Ed448: 7680,
};

/** NIST SP 800-57 equivalence of an elliptic-curve size to RSA modulus bits. */
function ecSizeToRsaBits(bits: number): number {
  if (bits >= 512) return 15360;
  if (bits >= 384) return 7680;
  if (bits >= 256) return 3072;
  if (bits >= 224) return 2048;
  if (bits >= 160) return 1024;
  return 512;
}

/** Strength of a key in RSA-equivalent bits (X25519 and P-256 count 3072, P-384 7680). */
export function rsaEquivalentBits(key: { type: string; bits: number; curve?: string | null; group?: string | null }): number {
  const name = key.curve ?? key.group ?? null;
  if (name && NAMED_CURVE_RSA_BITS[name] !== undefined) return NAMED_CURVE_RSA_BITS[name];
  if (NAMED_CURVE_RSA_BITS[key.type] !== undefined) return NAMED_CURVE_RSA_BITS[key.type];
  if (key.type === 'EC' || key.type === 'ECDH') return ecSizeToRsaBits(key.bits);
  return key.bits;
}

/** Key-exchange category score from RSA-equivalent bits (0 for anonymous). */
export function keyExchangeScore(bits: number): number {
  if (bits <= 0) return 0;
  if (bits < 512) return 20;
  if (bits < 1024) return 40;
  if (bits < 2048) return 80;
  if (bits < 4096) return 90;
  return 100;
}

/** Score of one cipher's strength in bits. */
export function cipherBitsScore(bits: number): number {
  if (bits <= 0) return 0;
  if (bits < 128) return 20;
  if (bits < 256) return 80;
  return 100;
}

export function letterFromScore(score: number): Grade {
  if (score >= 80) return 'A';
  if (score >= 65) return 'B';
  if (score >= 50) return 'C';
  if (score >= 35) return 'D';
  return 'F';
}

function lowerGrade(a: Grade, b: Grade): Grade {
  return GRADE_ORDER.indexOf(a) <= GRADE_ORDER.indexOf(b) ? a : b;
}

function supportedInOrder(facts: TlsFacts): ProtocolName[] {
  return PROTOCOLS.filter((p) => facts.protocols.includes(p));
}

function allSuites(facts: TlsFacts): SuiteReport[] {
  return supportedInOrder(facts).flatMap((p) => facts.cipher_suites[p] ?? []);
}

/**
 * Forward secrecy with the server's preferred suites: TLS 1.3 always has it; otherwise the
 * suite the server picks first in its best protocol (any suite of that protocol when the server
 * lets the client choose, since a modern client offers forward-secret suites first).
 */
export function preferredForwardSecrecy(
  protocols: ProtocolName[],
  cipherSuites: Partial<Record<ProtocolName, SuiteReport[]>>,
  serverCipherOrder: boolean | null,
): boolean {
  const best = PROTOCOLS.filter((p) => protocols.includes(p)).at(-1);
  if (!best) return false;
  if (best === 'TLSv1.3') return true;
  const suites = cipherSuites[best] ?? [];
  if (!suites.length) return false;
  return serverCipherOrder === false ? suites.some((s) => s.forward_secrecy) : suites[0].forward_secrecy;
}

/** Whether any supported suite is an AEAD suite. */
export function supportsAead(protocols: ProtocolName[], cipherSuites: Partial<Record<ProtocolName, SuiteReport[]>>): boolean {
  return protocols.some((p) => (cipherSuites[p] ?? []).some((s) => s.aead));
}

const isAnonymous = (s: SuiteReport) => s.key_exchange.includes('anon');
const isExport = (s: SuiteReport) => s.key_exchange.includes('EXPORT') || s.name.includes('EXPORT');
const isRc4 = (s: SuiteReport) => s.name.includes('RC4');

interface KeyExchangeAssessment {
  score: number;
  weakest: string;
}

function assessKeyExchange(facts: TlsFacts, suites: SuiteReport[]): KeyExchangeAssessment {
  if (suites.some(isAnonymous)) return { score: 0, weakest: 'anonymous key exchange' };
  const candidates: { bits: number; what: string }[] = [];
  if (facts.certificate_key) {
    const k = facts.certificate_key;
    candidates.push({ bits: rsaEquivalentBits(k), what: `${k.type} ${k.bits}-bit certificate key` });
  }
  for (const e of facts.ephemeral_keys) candidates.push({ bits: ephemeralBits(e), what: describeEphemeral(e) });
  if (suites.some(isExport)) candidates.push({ bits: 512, what: 'export key exchange' });
  if (!candidates.length) return { score: 0, weakest: 'no authenticated key exchange' };
  const weakest = candidates.reduce((a, b) => (b.bits < a.bits ? b : a));
  return { score: keyExchangeScore(weakest.bits), weakest: weakest.what };
}

function ephemeralBits(e: EphemeralKey): number {
  return e.rsa_equivalent_bits > 0 ? e.rsa_equivalent_bits : rsaEquivalentBits({ type: e.type, bits: e.bits, group: e.group });
}

function describeEphemeral(e: EphemeralKey): string {
  if (e.type === 'ECDH') return `ECDH ${e.group ?? `${e.bits}-bit`} ephemeral key`;
  if (e.type === 'DH') return `DH ${e.bits}-bit ephemeral key${e.group ? ` (${e.group})` : ''}`;
  return `RSA ${e.bits}-bit export key`;
}

function protocolLabel(p: ProtocolName): string {
  return p.replace('TLSv', 'TLS ');
}

function daysBetween(fromIso: string, toIso: string): number {
  return Math.floor((Date.parse(toIso) - Date.parse(fromIso)) / 86_400_000);
}

/** Trust failures of the leaf, each a sentence naming the cause. */
function trustFailures(facts: TlsFacts): string[] {
  const cert = facts.certificate;
  if (!cert) return ['The server sent no certificate'];
  const out: string[] = [];
  const now = Date.parse(facts.scanned_at);
  const expired = now > Date.parse(cert.valid_to);
  const early = now < Date.parse(cert.valid_from);
  if (expired || (!cert.trusted && cert.trust_error === 'CERT_HAS_EXPIRED')) out.push(`Certificate expired on ${cert.valid_to}`);
  if (early || (!cert.trusted && cert.trust_error === 'CERT_NOT_YET_VALID'))
    out.push(`Certificate is not yet valid (valid from ${cert.valid_from})`);
  if (!cert.trusted && !DATE_ERRORS.has(cert.trust_error ?? '')) {
    if (cert.self_signed || SELF_SIGNED_ERRORS.has(cert.trust_error ?? '')) out.push('Certificate is self-signed and not trusted');
    else out.push(`Certificate chain is not trusted (${cert.trust_error ?? 'unknown issuer'})`);
  }
  if (!cert.hostname_match) out.push('Certificate does not match the hostname');
  if (cert.signature_hash === 'sha1') out.push('Certificate is signed with SHA-1');
  return out;
}

function categoryScores(facts: TlsFacts, suites: SuiteReport[], kx: KeyExchangeAssessment): CategoryScores {
  const supported = supportedInOrder(facts);
  const protocol = supported.length
    ? (PROTOCOL_SCORE[supported[0]] + PROTOCOL_SCORE[supported[supported.length - 1]]) / 2
    : 0;
  let cipher = 0;
  if (suites.length) {
    const bits = suites.map((s) => s.bits);
    cipher = (cipherBitsScore(Math.max(...bits)) + cipherBitsScore(Math.min(...bits))) / 2;
  }
  return { protocol, key_exchange: kx.score, cipher_strength: cipher };
}

function computeCaps(facts: TlsFacts, suites: SuiteReport[], kx: KeyExchangeAssessment): GradeCap[] {
  const caps: GradeCap[] = [];
  const supported = supportedInOrder(facts);
  const has = (p: ProtocolName) => supported.includes(p);
  const best = supported.at(-1);
  const cert = facts.certificate;

  // F
  if (has('SSLv2')) caps.push({ grade: 'F', reason: 'SSLv2 is supported' });
  if (best === 'SSLv3') caps.push({ grade: 'F', reason: 'SSLv3 is the best protocol supported' });
  if (kx.score <= 40) caps.push({ grade: 'F', reason: `Key exchange is insecure (${kx.weakest})` });
  const weak = suites.filter((s) => s.bits < 112);
  if (weak.length) {
    const names = [...new Set(weak.map((s) => s.name))];
    caps.push({ grade: 'F', reason: `Cipher suites below 112 bits are supported (${names.join(', ')})` });
  }
  const md5 = [cert, ...facts.chain.filter((c) => !c.self_signed)].some((c) => c?.signature_hash === 'md5');
  if (md5) caps.push({ grade: 'F', reason: 'A certificate is signed with MD5' });

  // C
  if (!has('TLSv1.2') && !has('TLSv1.3')) caps.push({ grade: 'C', reason: 'TLS 1.2 and TLS 1.3 are not supported' });
  const rc4Modern = (['TLSv1.1', 'TLSv1.2'] as const).some((p) => (facts.cipher_suites[p] ?? []).some(isRc4));
  if (rc4Modern) caps.push({ grade: 'C', reason: 'RC4 is usable with TLS 1.1 or later' });

  // B
  const old = (['TLSv1.0', 'TLSv1.1'] as const).filter(has);
  if (old.length) caps.push({ grade: 'B', reason: `${old.map(protocolLabel).join(' and ')} supported` });
  if (has('SSLv3')) caps.push({ grade: 'B', reason: 'SSLv3 is supported' });
  if (!preferredForwardSecrecy(facts.protocols, facts.cipher_suites, facts.server_cipher_order))
    caps.push({ grade: 'B', reason: "No forward secrecy with the server's preferred cipher suites" });
  if (!supportsAead(facts.protocols, facts.cipher_suites)) caps.push({ grade: 'B', reason: 'No AEAD cipher suite supported' });
  if (kx.score <= 80) caps.push({ grade: 'B', reason: `Weak key exchange (${kx.weakest})` });

  // A (A+ withheld)
  if (!facts.hsts.present || facts.hsts.max_age === null || facts.hsts.max_age <= 0)
    caps.push({ grade: 'A', reason: 'HSTS is not enabled' });
  else if (facts.hsts.max_age < HSTS_MIN_MAX_AGE)
    caps.push({ grade: 'A', reason: `HSTS max-age ${facts.hsts.max_age} s is below ${HSTS_MIN_MAX_AGE} s` });
  const belowTls13 = supported.filter((p) => p !== 'TLSv1.3');
  if (belowTls13.length > 1 && facts.fallback_scsv === false)
    caps.push({ grade: 'A', reason: 'TLS_FALLBACK_SCSV is not supported (downgrade protection)' });
  return caps;
}

function gradeWarnings(facts: TlsFacts, suites: SuiteReport[]): string[] {
  const warnings: string[] = [];
  if (facts.secure_renegotiation === false) warnings.push('Secure renegotiation is not supported');
  if (suites.some(isRc4)) warnings.push('RC4 cipher suites are supported');
  if (facts.chain.some((c) => !c.self_signed && c.signature_hash === 'sha1'))
    warnings.push('An intermediate certificate is signed with SHA-1');
  return warnings;
}

function gradeNotes(facts: TlsFacts): string[] {
  const notes: string[] = [];
  const supported = supportedInOrder(facts);
  if (!supported.includes('TLSv1.3')) notes.push('TLS 1.3 is not supported');
  if (!facts.ocsp_stapling) notes.push('OCSP stapling is not supported');
  if (!facts.alpn) notes.push('ALPN is not supported');
  if (facts.server_cipher_order === false) notes.push('The server does not enforce its own cipher suite order');
  if (facts.fallback_scsv === false && supported.filter((p) => p !== 'TLSv1.3').length <= 1)
    notes.push('TLS_FALLBACK_SCSV is not supported');
  const cert = facts.certificate;
  if (cert) {
    const left = daysBetween(facts.scanned_at, cert.valid_to);
    if (Date.parse(facts.scanned_at) <= Date.parse(cert.valid_to) && left < EXPIRY_NOTE_DAYS)
      notes.push(`Certificate expires in ${left} day${left === 1 ? '' : 's'}`);
  }
  return notes;
}

/** decisions §5: grade, score, category scores, caps, warnings, notes, grade_trust_ignored. */
export function gradeTls(facts: TlsFacts): TlsGrade {
  const suites = allSuites(facts);
  const kx = assessKeyExchange(facts, suites);
  const category_scores = categoryScores(facts, suites, kx);
  const { protocol, key_exchange, cipher_strength } = category_scores;
  const score =
    protocol === 0 || key_exchange === 0 || cipher_strength === 0
      ? 0
      : Math.round(0.3 * protocol + 0.3 * key_exchange + 0.4 * cipher_strength);

  const caps = computeCaps(facts, suites, kx);
  const warnings = gradeWarnings(facts, suites);
  let grade = caps.reduce((g, c) => lowerGrade(g, c.grade), letterFromScore(score));
  const hstsLong = facts.hsts.present && (facts.hsts.max_age ?? 0) >= HSTS_MIN_MAX_AGE;
  if (grade === 'A' && !caps.length && !warnings.length && hstsLong) grade = 'A+';

  const trust = trustFailures(facts);
  if (!trust.length) return { grade, score, category_scores, caps, warnings, notes: gradeNotes(facts), grade_trust_ignored: null };
  return {
    grade: 'F',
    score,
    category_scores,
    caps: [...caps, ...trust.map((reason) => ({ grade: 'F' as const, reason }))],
    warnings: [...warnings, ...trust],
    notes: gradeNotes(facts),
    grade_trust_ignored: grade,
  };
}
