import type { MonitorStatus } from '@vigil/core';
import { domainState, gradeLevel, type DomainLevel, type DomainTlsFacts } from '../domains/domain-state.js';

/** What one badge says: a label, a message and a colour (shields.io named colours). */
export interface BadgeFace {
  label: string;
  message: string;
  color: string;
}

export const MONITOR_BADGES = ['status', 'uptime-24h', 'uptime-7d', 'uptime-30d', 'uptime-90d', 'response-time'] as const;
export const DOMAIN_BADGES = ['tls-grade', 'cert-expiry', 'header-grade'] as const;
export type MonitorBadge = (typeof MONITOR_BADGES)[number];
export type DomainBadge = (typeof DOMAIN_BADGES)[number];

export interface MonitorFacts {
  kind: 'monitor';
  status: MonitorStatus;
  isActive: boolean;
  uptime: Record<'24h' | '7d' | '30d' | '90d', number | null>;
  /** Mean response time of the last 24 hours' successful checks, ms. */
  avgResponseMs: number | null;
}

export interface DomainFacts extends DomainTlsFacts {
  kind: 'domain';
  /** Security-header grade of the domain's last header check; null before one. */
  headerGrade: string | null;
}

const GREY = 'lightgrey';

export function statusFace(status: MonitorStatus, isActive: boolean): BadgeFace {
  if (!isActive || status === 'paused') return { label: 'status', message: 'paused', color: GREY };
  const colors: Record<MonitorStatus, string> = { up: 'brightgreen', degraded: 'yellow', down: 'red', pending: GREY, paused: GREY };
  return { label: 'status', message: status, color: colors[status] };
}

/** 100 %, else two decimals without trailing zeros (99.9 %, 99.95 %). */
export function formatPercent(value: number): string {
  return `${Number(value.toFixed(2))}%`;
}

export function uptimeColor(value: number): string {
  if (value >= 99.9) return 'brightgreen';
  if (value >= 99) return 'green';
  if (value >= 97) return 'yellowgreen';
  if (value >= 95) return 'yellow';
  if (value >= 90) return 'orange';
  return 'red';
}

export function uptimeFace(window: string, value: number | null): BadgeFace {
  const label = `uptime ${window}`;
  return value === null ? { label, message: 'no data', color: GREY } : { label, message: formatPercent(value), color: uptimeColor(value) };
}

export function responseTimeFace(ms: number | null): BadgeFace {
  if (ms === null) return { label: 'response time', message: 'no data', color: GREY };
  const color = ms < 300 ? 'brightgreen' : ms < 1000 ? 'green' : ms < 2000 ? 'yellow' : ms < 5000 ? 'orange' : 'red';
  return { label: 'response time', message: `${ms} ms`, color };
}

/** The shields.io colour of each level of the one domain judgement (domain-state.ts), shared with status pages. */
const LEVEL_COLOR: Record<DomainLevel, string> = { ok: 'brightgreen', warning: 'yellow', critical: 'red', unknown: GREY };

/** A grade coloured by its level on the scale domainState judges TLS grades by (header grades share it). */
export function gradeFace(label: string, grade: string | null): BadgeFace {
  if (!grade) return { label, message: 'not checked', color: GREY };
  return { label, message: grade, color: LEVEL_COLOR[gradeLevel(grade)] };
}

/** The certificate: untrusted, expired or days left, coloured by domainState's certificate level. */
export function certificateFace(facts: DomainTlsFacts): BadgeFace {
  const label = 'certificate';
  const { certificate, untrusted } = domainState(facts);
  const days = facts.daysToExpiry;
  if (untrusted) return { label, message: 'untrusted', color: LEVEL_COLOR[certificate] };
  if (days === null) return { label, message: 'not checked', color: GREY };
  if (days < 0) return { label, message: 'expired', color: LEVEL_COLOR[certificate] };
  return { label, message: `expires in ${days} ${days === 1 ? 'day' : 'days'}`, color: LEVEL_COLOR[certificate] };
}

/** The face of a named badge of a resource, or null when that badge does not exist for its kind. */
export function badgeFace(facts: MonitorFacts | DomainFacts, badge: string): BadgeFace | null {
  if (facts.kind === 'monitor') {
    switch (badge) {
      case 'status':
        return statusFace(facts.status, facts.isActive);
      case 'uptime-24h':
        return uptimeFace('24h', facts.uptime['24h']);
      case 'uptime-7d':
        return uptimeFace('7d', facts.uptime['7d']);
      case 'uptime-30d':
        return uptimeFace('30d', facts.uptime['30d']);
      case 'uptime-90d':
        return uptimeFace('90d', facts.uptime['90d']);
      case 'response-time':
        return responseTimeFace(facts.avgResponseMs);
      default:
        return null;
    }
  }
  switch (badge) {
    case 'tls-grade':
      return gradeFace('tls', facts.sslGrade);
    case 'cert-expiry':
      return certificateFace(facts);
    case 'header-grade':
      return gradeFace('security headers', facts.headerGrade);
    default:
      return null;
  }
}
