/**
 * How healthy a domain's TLS looks, judged once for every public face (status pages and
 * badges): its grade, whether its certificate is trusted, and how soon it expires.
 */
export type DomainLevel = 'ok' | 'warning' | 'critical' | 'unknown';

/** What the certificate's dates say: expiring within EXPIRING_DAYS, expired, or not scanned yet. */
export type ExpiryState = 'ok' | 'expiring' | 'expired' | 'unknown';

/** A certificate is "expiring" within this many days, and critical within CRITICAL_DAYS. */
export const EXPIRING_DAYS = 14;
export const CRITICAL_DAYS = 7;

export interface DomainTlsFacts {
  sslGrade: string | null;
  /** Whole days until the certificate expires (negative once expired), null before any scan. */
  daysToExpiry: number | null;
  /** The latest scan's verdict on the certificate chain, null before one. */
  trusted: boolean | null;
}

export interface DomainState {
  /** The worst of grade and certificate: what the domain is shown as. */
  level: DomainLevel;
  grade: DomainLevel;
  certificate: DomainLevel;
  expiry: ExpiryState;
  untrusted: boolean;
}

const GRADE_LEVEL: Record<string, DomainLevel> = { 'A+': 'ok', A: 'ok', B: 'ok', C: 'warning', D: 'warning', E: 'warning', F: 'critical' };
const RANK: Record<DomainLevel, number> = { unknown: 0, ok: 1, warning: 2, critical: 3 };

/** A letter grade's level (TLS and security-header grades share the scale); unknown before one. */
export function gradeLevel(grade: string | null): DomainLevel {
  return grade ? (GRADE_LEVEL[grade] ?? 'unknown') : 'unknown';
}

export function expiryState(days: number | null): ExpiryState {
  if (days === null) return 'unknown';
  if (days < 0) return 'expired';
  return days <= EXPIRING_DAYS ? 'expiring' : 'ok';
}

function certificateLevel(days: number | null, trusted: boolean | null): DomainLevel {
  if (trusted === false || (days !== null && days <= CRITICAL_DAYS)) return 'critical';
  if (days === null) return 'unknown';
  return days <= EXPIRING_DAYS ? 'warning' : 'ok';
}

export function domainState(facts: DomainTlsFacts): DomainState {
  const grade = gradeLevel(facts.sslGrade);
  const certificate = certificateLevel(facts.daysToExpiry, facts.trusted);
  return {
    level: RANK[grade] >= RANK[certificate] ? grade : certificate,
    grade,
    certificate,
    expiry: expiryState(facts.daysToExpiry),
    untrusted: facts.trusted === false,
  };
}
