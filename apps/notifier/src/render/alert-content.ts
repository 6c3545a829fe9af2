import type { AlertEnvelope } from '@vigil/core';

export type Severity = 'critical' | 'warning' | 'ok' | 'info';

export interface AlertFact {
  label: string;
  value: string;
}

/**
 * What every channel says about an event, before formatting: a title, one sentence, the facts
 * (which monitor or domain, the cause, the time) and a link. Pure; channels only format it.
 */
export interface AlertContent {
  title: string;
  summary: string;
  facts: AlertFact[];
  link: string;
  severity: Severity;
  /** ISO timestamp of the event. */
  time: string;
}

type Data = Record<string, unknown>;

function obj(data: Data, key: string): Data {
  const v = data[key];
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Data) : {};
}

function str(...values: unknown[]): string | undefined {
  for (const v of values) {
    if (typeof v === 'string' && v.trim() !== '') return v;
    if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  }
  return undefined;
}

function num(...values: unknown[]): number | undefined {
  for (const v of values) {
    if (typeof v === 'number' && Number.isFinite(v)) return v;
    if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  }
  return undefined;
}

/** 3725 -> "1h 2m 5s"; 0 -> "0s". */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  const parts: string[] = [];
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3_600);
  const m = Math.floor((s % 3_600) / 60);
  const sec = s % 60;
  if (d) parts.push(`${d}d`);
  if (h) parts.push(`${h}h`);
  if (m) parts.push(`${m}m`);
  if (sec || !parts.length) parts.push(`${sec}s`);
  return parts.join(' ');
}

/** "2026-11-21T10:00:00.000Z" -> "2026-11-21 10:00:00 UTC"; anything unparsable is returned as is. */
export function formatTime(isoText: string): string {
  const t = Date.parse(isoText);
  if (Number.isNaN(t)) return isoText;
  return `${new Date(t).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** "Reminder 2: " / "Escalation step 1: " for repeats of a down alert (alert policies); "" for first alerts. */
function repeatPrefix(data: Data): string {
  const numbered = (word: string, n: string | undefined) => `${word}${n ? ` ${n}` : ''}: `;
  if (data.alert_kind === 'reminder') return numbered('Reminder', str(data.reminder));
  if (data.alert_kind === 'escalation') return numbered('Escalation step', str(data.escalation_step));
  return '';
}

const GRADE_ORDER = ['F', 'D', 'C', 'B', 'A', 'A+'];

interface Subject {
  label: string;
  facts: AlertFact[];
  link: string;
}

function monitorSubject(data: Data, baseUrl: string): Subject {
  const m = obj(data, 'monitor');
  const id = num(m.id, data.monitor_id);
  const url = str(m.url, data.url);
  const label = str(m.name, data.monitor_name, url) ?? (id !== undefined ? `Monitor #${id}` : 'Monitor');
  const facts: AlertFact[] = [{ label: 'Monitor', value: label }];
  if (url && url !== label) facts.push({ label: 'URL', value: url });
  return { label, facts, link: id !== undefined ? `${baseUrl}/api/v1/uptime/monitors/${id}` : baseUrl };
}

function domainSubject(data: Data, baseUrl: string): Subject {
  const d = obj(data, 'domain');
  const id = num(d.id, data.domain_id);
  const host = str(d.hostname, data.hostname);
  const port = num(d.port, data.port);
  const label = host ? (port && port !== 443 ? `${host}:${port}` : host) : id !== undefined ? `Domain #${id}` : 'Domain';
  return { label, facts: [{ label: 'Domain', value: label }], link: id !== undefined ? `${baseUrl}/api/v1/domains/${id}` : baseUrl };
}

/** "appeared: TLSv1.0; disappeared: Strict-Transport-Security" from a grade change's `reasons`. */
function reasonsText(value: unknown): string | undefined {
  if (!Array.isArray(value)) return undefined;
  const named = (change: string) =>
    value
      .filter((r): r is { change: string; name: string } => typeof r === 'object' && r !== null && r.change === change && typeof r.name === 'string')
      .map((r) => r.name);
  const parts = [
    ...(named('appeared').length ? [`appeared: ${named('appeared').join(', ')}`] : []),
    ...(named('disappeared').length ? [`disappeared: ${named('disappeared').join(', ')}`] : []),
  ];
  return parts.length ? parts.join('; ') : undefined;
}

function dateOnly(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const t = Date.parse(value);
  return Number.isNaN(t) ? value : new Date(t).toISOString().slice(0, 10);
}

/** The content of an alert; `baseUrl` is VIGIL_BASE_URL, for the link. */
export function describeAlert(envelope: AlertEnvelope, baseUrl: string): AlertContent {
  const data = envelope.data ?? {};
  const time = envelope.created_at;
  const cause = str(data.cause, data.error, data.reason);
  const timeFact: AlertFact = { label: 'Time', value: formatTime(time) };
  const explicitLink = str(data.link);

  const build = (subject: Subject, c: Omit<AlertContent, 'facts' | 'link' | 'time'>, extra: AlertFact[]): AlertContent => ({
    ...c,
    facts: [...subject.facts, ...extra, timeFact],
    link: explicitLink ?? subject.link,
    time,
  });

  switch (envelope.event) {
    case 'monitor.down': {
      const s = monitorSubject(data, baseUrl);
      const code = num(data.status_code);
      const incident = num(data.incident_id);
      const since = str(data.started_at);
      return build(
        s,
        {
          title: `${repeatPrefix(data)}Monitor down: ${s.label}`,
          summary: `${s.label} is ${data.alert_kind === undefined ? '' : 'still '}down${cause ? `: ${cause}` : '.'}`,
          severity: 'critical',
        },
        [
          ...(data.alert_kind !== undefined && since ? [{ label: 'Down since', value: formatTime(since) }] : []),
          ...(cause ? [{ label: 'Cause', value: cause }] : []),
          ...(code !== undefined ? [{ label: 'Status code', value: String(code) }] : []),
          ...(incident !== undefined ? [{ label: 'Incident', value: `#${incident}` }] : []),
        ],
      );
    }
    case 'monitor.up': {
      const s = monitorSubject(data, baseUrl);
      const downtime = num(data.duration_seconds, data.downtime_seconds);
      return build(
        s,
        {
          title: `Monitor up: ${s.label}`,
          summary: `${s.label} is back up${downtime !== undefined ? ` after ${formatDuration(downtime)} of downtime` : ''}.`,
          severity: 'ok',
        },
        [
          ...(downtime !== undefined ? [{ label: 'Downtime', value: formatDuration(downtime) }] : []),
          ...(cause ? [{ label: 'Cause', value: cause }] : []),
        ],
      );
    }
    case 'monitor.degraded': {
      const s = monitorSubject(data, baseUrl);
      const rt = num(data.response_time_ms);
      const threshold = num(data.degraded_threshold_ms, data.threshold_ms);
      return build(
        s,
        {
          title: `Monitor degraded: ${s.label}`,
          summary: `${s.label} is responding slowly${rt !== undefined ? ` (${rt} ms${threshold !== undefined ? `, threshold ${threshold} ms` : ''})` : ''}.`,
          severity: 'warning',
        },
        [
          ...(rt !== undefined ? [{ label: 'Response time', value: `${rt} ms` }] : []),
          ...(cause ? [{ label: 'Cause', value: cause }] : []),
        ],
      );
    }
    case 'certificate.expiring':
    case 'certificate.expired': {
      const s = domainSubject(data, baseUrl);
      const days = num(data.days_until_expiry, data.days_left);
      const expiry = dateOnly(str(data.expires_at, data.valid_to, data.certificate_expiry));
      const expired = envelope.event === 'certificate.expired';
      const summary = expired
        ? `The certificate of ${s.label} has expired${expiry ? ` (on ${expiry})` : ''}.`
        : `The certificate of ${s.label} expires${days !== undefined ? ` in ${days} day${days === 1 ? '' : 's'}` : ' soon'}${expiry ? ` (on ${expiry})` : ''}.`;
      return build(
        s,
        { title: `${expired ? 'Certificate expired' : 'Certificate expiring'}: ${s.label}`, summary, severity: expired ? 'critical' : 'warning' },
        [
          ...(expiry ? [{ label: 'Expires', value: expiry }] : []),
          ...(days !== undefined ? [{ label: 'Days left', value: String(days) }] : []),
          ...(cause ? [{ label: 'Cause', value: cause }] : []),
        ],
      );
    }
    case 'domain.grade_changed':
    case 'headers.grade_changed': {
      const s = domainSubject(data, baseUrl);
      const from = str(data.previous_grade, data.old_grade, data.from);
      const to = str(data.grade, data.new_grade, data.to);
      const better = from && to && GRADE_ORDER.indexOf(to) > GRADE_ORDER.indexOf(from);
      const what = envelope.event === 'headers.grade_changed' ? 'security-header grade' : 'SSL grade';
      const changes = reasonsText(data.reasons);
      return build(
        s,
        {
          title: `${envelope.event === 'headers.grade_changed' ? 'Security-header' : 'SSL'} grade changed: ${s.label}`,
          summary: `The ${what} of ${s.label} changed${from ? ` from ${from}` : ''}${to ? ` to ${to}` : ''}.`,
          severity: better ? 'ok' : 'warning',
        },
        [
          ...(from ? [{ label: 'Previous grade', value: from }] : []),
          ...(to ? [{ label: 'Grade', value: to }] : []),
          ...(changes ? [{ label: 'Changes', value: changes }] : []),
          ...(cause ? [{ label: 'Cause', value: cause }] : []),
        ],
      );
    }
    case 'scan.completed': {
      const s = domainSubject(data, baseUrl);
      const grade = str(data.grade);
      const score = num(data.score);
      const scanId = num(data.scan_id);
      const failed = str(data.status) === 'failed';
      const subject = { ...s, link: scanId !== undefined ? `${baseUrl}/api/v1/scans/${scanId}` : s.link };
      return build(
        subject,
        {
          title: `Scan ${failed ? 'failed' : 'completed'}: ${s.label}`,
          summary: failed
            ? `The scan of ${s.label} failed${cause ? `: ${cause}` : '.'}`
            : `The scan of ${s.label} completed${grade ? ` with grade ${grade}${score !== undefined ? ` (score ${score})` : ''}` : ''}.`,
          severity: failed ? 'warning' : 'info',
        },
        [
          ...(grade ? [{ label: 'Grade', value: grade }] : []),
          ...(score !== undefined ? [{ label: 'Score', value: String(score) }] : []),
          ...(cause ? [{ label: failed ? 'Error' : 'Cause', value: cause }] : []),
        ],
      );
    }
    case 'test': {
      const integration = obj(data, 'integration');
      const name = str(integration.name);
      return {
        title: 'Test alert from Vigil',
        summary: `This is a test event${name ? ` for the integration "${name}"` : ''}. If you can read it, Vigil alerts reach you here.`,
        facts: [...(name ? [{ label: 'Integration', value: name }] : []), timeFact],
        link: explicitLink ?? `${baseUrl}/api/v1/integrations${num(integration.id) !== undefined ? `/${num(integration.id)}` : ''}`,
        severity: 'info',
        time,
      };
    }
  }
}
