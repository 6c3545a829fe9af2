/**
 * What changed between two reports of one domain, for grade-change alerts: which protocol,
 * cipher suite, cap, graded header or CSP directive appeared or disappeared. Pure; reads only
 * the report fields it names, so reports stored by older versions diff too.
 */

export interface GradeReason {
  kind: 'protocol' | 'suite' | 'cap' | 'header' | 'directive';
  change: 'appeared' | 'disappeared';
  /** E.g. "TLSv1.0", "TLSv1.2 TLS_RSA_WITH_AES_128_CBC_SHA", "Content-Security-Policy", "script-src 'self' 'unsafe-inline'". */
  name: string;
}

/** The TLS report fields the diff reads (TlsScanReport has these and more). */
export interface TlsDiffable {
  protocols?: { name: string; supported: boolean }[];
  cipher_suites?: Record<string, { name: string }[] | undefined>;
  caps?: { grade: string; reason: string }[];
}

/** The header report fields the diff reads (HeaderReport has these and more). */
export interface HeaderDiffable {
  summary?: { headers?: Record<string, { points: number }> };
  rawHeaders?: Record<string, string | string[]>;
  gradeCapReason?: string;
}

function setDiff(kind: GradeReason['kind'], before: Iterable<string>, after: Iterable<string>): GradeReason[] {
  const a = new Set(before);
  const b = new Set(after);
  return [
    ...[...b].filter((x) => !a.has(x)).map((name) => ({ kind, change: 'appeared' as const, name })),
    ...[...a].filter((x) => !b.has(x)).map((name) => ({ kind, change: 'disappeared' as const, name })),
  ];
}

function supportedProtocols(r: TlsDiffable): string[] {
  return (r.protocols ?? []).filter((p) => p.supported).map((p) => p.name);
}

function suites(r: TlsDiffable): string[] {
  return Object.entries(r.cipher_suites ?? {}).flatMap(([protocol, list]) => (list ?? []).map((s) => `${protocol} ${s.name}`));
}

function caps(r: TlsDiffable): string[] {
  return (r.caps ?? []).map((c) => `${c.grade}: ${c.reason}`);
}

export function tlsGradeReasons(before: TlsDiffable, after: TlsDiffable): GradeReason[] {
  return [
    ...setDiff('protocol', supportedProtocols(before), supportedProtocols(after)),
    ...setDiff('suite', suites(before), suites(after)),
    ...setDiff('cap', caps(before), caps(after)),
  ];
}

/** Graded headers that earn points (present and doing their job). */
function earningHeaders(r: HeaderDiffable): string[] {
  return Object.entries(r.summary?.headers ?? {})
    .filter(([, v]) => v.points > 0)
    .map(([name]) => name);
}

/** Every enforced CSP directive, normalised: lower-case name, single spaces. */
function cspDirectives(r: HeaderDiffable): string[] {
  const raw = r.rawHeaders?.['content-security-policy'];
  const text = Array.isArray(raw) ? raw.join(', ') : (raw ?? '');
  return text
    .split(/[;,]/)
    .map((d) => d.trim().split(/\s+/).filter(Boolean))
    .filter((parts) => parts.length > 0)
    .map(([name, ...sources]) => [name.toLowerCase(), ...sources].join(' '));
}

export function headerGradeReasons(before: HeaderDiffable, after: HeaderDiffable): GradeReason[] {
  return [
    ...setDiff('header', earningHeaders(before), earningHeaders(after)),
    ...setDiff('directive', cspDirectives(before), cspDirectives(after)),
    ...setDiff('cap', before.gradeCapReason ? [before.gradeCapReason] : [], after.gradeCapReason ? [after.gradeCapReason] : []),
  ];
}
