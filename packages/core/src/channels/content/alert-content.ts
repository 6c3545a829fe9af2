import type { GradeReason } from '../../domains/grade-diff.js';
import type { AcknowledgementSource, AlertEnvelope, DomainRef, LocationRef, MonitorDownRepeatData, MonitorRef } from '../../queue/alert-events.js';

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

/** A text field, or undefined when it is absent or blank. */
function text(value: string | null | undefined): string | undefined {
  return value != null && value.trim() !== '' ? value : undefined;
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

/** "Reminder 2: " / "Escalation step 1: " for repeats of a down alert (alert policies). */
function repeatPrefix(data: MonitorDownRepeatData): string {
  return data.alert_kind === 'reminder' ? `Reminder ${data.reminder}: ` : `Escalation step ${data.escalation_step}: `;
}

/** " (in PagerDuty)" after who acknowledged, for acknowledgements that came from an on-call tool. */
const ACKNOWLEDGED_VIA: Record<AcknowledgementSource, string> = { api: '', pagerduty: ' (in PagerDuty)', opsgenie: ' (in Opsgenie)' };

const GRADE_ORDER = ['F', 'D', 'C', 'B', 'A', 'A+'];

interface Subject {
  label: string;
  facts: AlertFact[];
  link: string;
}

function monitorSubject(m: MonitorRef, baseUrl: string): Subject {
  const label = text(m.name) ?? m.url;
  const facts: AlertFact[] = [{ label: 'Monitor', value: label }];
  if (m.url !== label) facts.push({ label: 'URL', value: m.url });
  return { label, facts, link: `${baseUrl}/api/v1/uptime/monitors/${m.id}` };
}

/** The domain as fan-out found it (`domain`), else as the producer named it. */
function domainSubject(data: { domain_id: number | null; hostname: string; port: number; domain?: DomainRef }, baseUrl: string): Subject {
  const d = data.domain ?? { id: data.domain_id, hostname: data.hostname, port: data.port };
  const label = d.port !== 443 ? `${d.hostname}:${d.port}` : d.hostname;
  return { label, facts: [{ label: 'Domain', value: label }], link: d.id !== null ? `${baseUrl}/api/v1/domains/${d.id}` : baseUrl };
}

function locationSubject(data: { location: LocationRef; location_url: string }): Subject {
  return { label: data.location.name, facts: [{ label: 'Location', value: data.location.name }], link: data.location_url };
}

/** "appeared: TLSv1.0; disappeared: Strict-Transport-Security" from a grade change's `reasons`. */
function reasonsText(reasons: GradeReason[]): string | undefined {
  const named = (change: GradeReason['change']) => reasons.filter((r) => r.change === change).map((r) => r.name);
  const parts = [
    ...(named('appeared').length ? [`appeared: ${named('appeared').join(', ')}`] : []),
    ...(named('disappeared').length ? [`disappeared: ${named('disappeared').join(', ')}`] : []),
  ];
  return parts.length ? parts.join('; ') : undefined;
}

function dateOnly(value: string): string {
  const t = Date.parse(value);
  return Number.isNaN(t) ? value : new Date(t).toISOString().slice(0, 10);
}

/** The content of an alert; `baseUrl` is VIGIL_BASE_URL, for the link. */
export function describeAlert(envelope: AlertEnvelope, baseUrl: string): AlertContent {
  const time = envelope.created_at;
  const timeFact: AlertFact = { label: 'Time', value: formatTime(time) };

  const build = (subject: Subject, c: Omit<AlertContent, 'facts' | 'link' | 'time'>, extra: AlertFact[]): AlertContent => ({
    ...c,
    facts: [...subject.facts, ...extra, timeFact],
    link: subject.link,
    time,
  });

  switch (envelope.event) {
    case 'monitor.down': {
      const data = envelope.data;
      const s = monitorSubject(data.monitor, baseUrl);
      if ('alert_kind' in data) {
        const cause = text(data.cause);
        return build(
          s,
          { title: `${repeatPrefix(data)}Monitor down: ${s.label}`, summary: `${s.label} is still down${cause ? `: ${cause}` : '.'}`, severity: 'critical' },
          [
            { label: 'Down since', value: formatTime(data.started_at) },
            ...(cause ? [{ label: 'Cause', value: cause }] : []),
            { label: 'Incident', value: `#${data.incident_id}` },
          ],
        );
      }
      const cause = text(data.cause) ?? text(data.error);
      return build(
        s,
        { title: `Monitor down: ${s.label}`, summary: `${s.label} is down${cause ? `: ${cause}` : '.'}`, severity: 'critical' },
        [
          ...(cause ? [{ label: 'Cause', value: cause }] : []),
          ...(data.status_code !== null ? [{ label: 'Status code', value: String(data.status_code) }] : []),
          ...(data.incident_id !== undefined ? [{ label: 'Incident', value: `#${data.incident_id}` }] : []),
        ],
      );
    }
    case 'monitor.up': {
      const data = envelope.data;
      const s = monitorSubject(data.monitor, baseUrl);
      const downtime = data.duration_seconds ?? undefined;
      const cause = text(data.cause);
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
      const data = envelope.data;
      const s = monitorSubject(data.monitor, baseUrl);
      const rt = data.response_time_ms;
      const cause = text(data.cause);
      return build(
        s,
        {
          title: `Monitor degraded: ${s.label}`,
          summary: `${s.label} is responding slowly${rt !== null ? ` (${rt} ms, threshold ${data.degraded_threshold_ms} ms)` : ''}.`,
          severity: 'warning',
        },
        [
          ...(rt !== null ? [{ label: 'Response time', value: `${rt} ms` }] : []),
          ...(cause ? [{ label: 'Cause', value: cause }] : []),
        ],
      );
    }
    case 'incident.acknowledged': {
      const data = envelope.data;
      const s = monitorSubject(data.monitor, baseUrl);
      const via = ACKNOWLEDGED_VIA[data.acknowledged_via];
      return build(
        s,
        { title: `Incident acknowledged: ${s.label}`, summary: `${data.acknowledged_by} acknowledged the outage of ${s.label}${via}.`, severity: 'info' },
        [
          { label: 'Acknowledged by', value: `${data.acknowledged_by}${via}` },
          { label: 'Down since', value: formatTime(data.started_at) },
          { label: 'Incident', value: `#${data.incident_id}` },
        ],
      );
    }
    case 'certificate.expiring':
    case 'certificate.expired': {
      const data = envelope.data;
      const s = domainSubject(data, baseUrl);
      const days = data.days_until_expiry;
      const expiry = dateOnly(data.valid_to);
      const expired = envelope.event === 'certificate.expired';
      const summary = expired
        ? `The certificate of ${s.label} has expired (on ${expiry}).`
        : `The certificate of ${s.label} expires in ${days} day${days === 1 ? '' : 's'} (on ${expiry}).`;
      return build(
        s,
        { title: `${expired ? 'Certificate expired' : 'Certificate expiring'}: ${s.label}`, summary, severity: expired ? 'critical' : 'warning' },
        [
          { label: 'Expires', value: expiry },
          { label: 'Days left', value: String(days) },
        ],
      );
    }
    case 'domain.grade_changed':
    case 'headers.grade_changed': {
      const data = envelope.data;
      const s = domainSubject(data, baseUrl);
      const from = text(data.previous_grade);
      const to = text(data.grade);
      const better = from && to && GRADE_ORDER.indexOf(to) > GRADE_ORDER.indexOf(from);
      const headers = envelope.event === 'headers.grade_changed';
      const changes = reasonsText(data.reasons);
      return build(
        s,
        {
          title: `${headers ? 'Security-header' : 'SSL'} grade changed: ${s.label}`,
          summary: `The ${headers ? 'security-header grade' : 'SSL grade'} of ${s.label} changed${from ? ` from ${from}` : ''}${to ? ` to ${to}` : ''}.`,
          severity: better ? 'ok' : 'warning',
        },
        [
          ...(from ? [{ label: 'Previous grade', value: from }] : []),
          ...(to ? [{ label: 'Grade', value: to }] : []),
          ...(changes ? [{ label: 'Changes', value: changes }] : []),
        ],
      );
    }
    case 'scan.completed': {
      const data = envelope.data;
      const s = domainSubject(data, baseUrl);
      const grade = text(data.grade);
      const score = data.score;
      const error = text(data.error);
      const failed = data.status === 'failed';
      return build(
        { ...s, link: `${baseUrl}/api/v1/scans/${data.scan_id}` },
        {
          title: `Scan ${failed ? 'failed' : 'completed'}: ${s.label}`,
          summary: failed
            ? `The scan of ${s.label} failed${error ? `: ${error}` : '.'}`
            : `The scan of ${s.label} completed${grade ? ` with grade ${grade}${score !== null ? ` (score ${score})` : ''}` : ''}.`,
          severity: failed ? 'warning' : 'info',
        },
        [
          ...(grade ? [{ label: 'Grade', value: grade }] : []),
          ...(score !== null ? [{ label: 'Score', value: String(score) }] : []),
          ...(error ? [{ label: failed ? 'Error' : 'Cause', value: error }] : []),
        ],
      );
    }
    case 'domain.verification_lapsed': {
      const data = envelope.data;
      const released = data.released_custom_hostnames.join(', ');
      return build(
        { label: data.hostname, facts: [{ label: 'Domain', value: data.hostname }], link: data.verification_url },
        {
          title: `Domain verification lapsed: ${data.hostname}`,
          summary: `The TXT record ${data.record_name} has been missing since ${formatTime(data.missing_since)}; ${data.hostname} is no longer verified for this account. Publish the record again and check the verification to restore it.`,
          severity: 'warning',
        },
        [
          { label: 'TXT record', value: `${data.record_name} = ${data.record_value}` },
          { label: 'Missing since', value: formatTime(data.missing_since) },
          ...(released ? [{ label: 'Custom hostnames released', value: released }] : []),
        ],
      );
    }
    case 'location.offline': {
      const data = envelope.data;
      const name = data.location.name;
      return build(
        locationSubject(data),
        {
          title: `Private location offline: ${name}`,
          summary: `No agent of the private location ${name} has polled since ${formatTime(data.last_poll)}: its monitors are not checked from there until an agent is back.`,
          severity: 'critical',
        },
        [
          { label: 'Last poll', value: formatTime(data.last_poll) },
          { label: 'Offline after', value: formatDuration(data.offline_after_seconds) },
        ],
      );
    }
    case 'location.online': {
      const data = envelope.data;
      const name = data.location.name;
      return build(
        locationSubject(data),
        { title: `Private location back online: ${name}`, summary: `An agent of the private location ${name} is polling again after ${formatDuration(data.offline_seconds)}.`, severity: 'ok' },
        [
          { label: 'Silent since', value: formatTime(data.offline_since) },
          { label: 'Back at', value: formatTime(data.last_poll) },
        ],
      );
    }
    case 'test': {
      const { integration } = envelope.data;
      const name = text(integration.name);
      return {
        title: 'Test alert from Vigil',
        summary: `This is a test event${name ? ` for the integration "${name}"` : ''}. If you can read it, Vigil alerts reach you here.`,
        facts: [...(name ? [{ label: 'Integration', value: name }] : []), timeFact],
        link: `${baseUrl}/api/v1/integrations/${integration.id}`,
        severity: 'info',
        time,
      };
    }
  }
}
