import { sampleEventData } from '@vigil/testing';
import { ALERT_EVENTS, type AlertEventName } from '../../queue/job-payloads.js';
import type {
  AlertEnvelope,
  AlertEnvelopeData,
  AlertEnvelopeOf,
  CertificateEventData,
  DomainGradeChangedData,
  HeadersGradeChangedData,
  IncidentFacts,
  MonitorDownRepeatData,
  MonitorRef,
  ScanCompletedData,
} from '../../queue/alert-events.js';
import { describeAlert, formatDuration, formatTime } from './alert-content.js';

const BASE = 'https://vigil.example.com';
const AT = '2026-11-21T10:15:30.000Z';

function env<E extends AlertEventName>(event: E, data: AlertEnvelopeData<E>): AlertEnvelopeOf<E> {
  return { id: 'evt-1', event, created_at: AT, data };
}

const monitor: MonitorRef = { id: 7, name: 'Checkout API', url: 'https://shop.example.com/health', status: 'down' };
const check = { monitor, checked_at: AT, status_code: 503 };
const incident: IncidentFacts = {
  incident_id: 12,
  cause: 'HTTP 503 Service Unavailable',
  started_at: '2026-11-21T10:00:00.000Z',
  resolved_at: null,
  duration_seconds: null,
  affected_checks: 3,
};
const domainFacts = { domain_id: 3, hostname: 'shop.example.com', port: 443 };
const cert: CertificateEventData = {
  ...domainFacts,
  threshold_days: 7,
  days_until_expiry: 7,
  valid_to: '2026-11-28T12:00:00Z',
  fingerprint_sha256: 'ab'.repeat(32),
  subject: 'CN=shop.example.com',
  issuer: 'CN=Example CA',
  alert_days_before_expiry: 30,
  scan_id: 44,
};
const gradeChange: DomainGradeChangedData = {
  ...domainFacts,
  previous_grade: 'B',
  previous_score: 85,
  grade: 'A+',
  score: 100,
  reasons: [],
  scan_id: 44,
  scan_url: `${BASE}/api/v1/scans/44`,
};
const headersChange: HeadersGradeChangedData = {
  ...domainFacts,
  url: 'https://shop.example.com/',
  previous_grade: 'A+',
  previous_score: 100,
  grade: 'B',
  score: 80,
  reasons: [],
  header_check_id: 9,
  header_checks_url: `${BASE}/api/v1/domains/3/header-checks`,
};
const scan: ScanCompletedData = {
  scan_id: 44,
  domain_id: null,
  hostname: 'a.example',
  port: 443,
  status: 'completed',
  grade: 'A',
  score: 92,
  error: null,
  duration_ms: 1200,
  scan_url: `${BASE}/api/v1/scans/44`,
};

function fact(content: ReturnType<typeof describeAlert>, label: string): string | undefined {
  return content.facts.find((f) => f.label === label)?.value;
}

describe('formatDuration', () => {
  it.each([
    [0, '0s'],
    [59, '59s'],
    [60, '1m'],
    [3725, '1h 2m 5s'],
    [86_400 + 3_600, '1d 1h'],
    [-5, '0s'],
    [12.6, '13s'],
  ])('%p s -> %p', (s, text) => expect(formatDuration(s)).toBe(text));
});

describe('formatTime', () => {
  it('writes UTC to the second', () => expect(formatTime(AT)).toBe('2026-11-21 10:15:30 UTC'));
  it('passes unparsable text through', () => expect(formatTime('yesterday')).toBe('yesterday'));
});

describe('describeAlert', () => {
  it('a reminder or escalation of monitor.down says so and since when the monitor is down', () => {
    const base = { monitor, ...incident, cause: 'Timeout after 30 s', resolved_at: null, duration_seconds: null };
    const reminderData: MonitorDownRepeatData = { ...base, alert_kind: 'reminder', reminder: 2 };
    const reminder = describeAlert(env('monitor.down', reminderData), BASE);
    expect(reminder.title).toBe('Reminder 2: Monitor down: Checkout API');
    expect(reminder.summary).toBe('Checkout API is still down: Timeout after 30 s');
    expect(fact(reminder, 'Down since')).toBe('2026-11-21 10:00:00 UTC');
    const escalationData: MonitorDownRepeatData = { ...base, alert_kind: 'escalation', escalation_step: 1 };
    const escalation = describeAlert(env('monitor.down', escalationData), BASE);
    expect(escalation.title).toBe('Escalation step 1: Monitor down: Checkout API');
    expect(fact(describeAlert(env('monitor.down', { ...check, ...incident, error: null }), BASE), 'Down since')).toBeUndefined();
  });

  it('monitor.down names the monitor, the cause, the time, the status code and links to the monitor', () => {
    const c = describeAlert(env('monitor.down', { ...check, ...incident, error: 'HTTP 503 Service Unavailable' }), BASE);
    expect(c.title).toBe('Monitor down: Checkout API');
    expect(c.summary).toBe('Checkout API is down: HTTP 503 Service Unavailable');
    expect(c.severity).toBe('critical');
    expect(fact(c, 'Monitor')).toBe('Checkout API');
    expect(fact(c, 'URL')).toBe('https://shop.example.com/health');
    expect(fact(c, 'Cause')).toBe('HTTP 503 Service Unavailable');
    expect(fact(c, 'Status code')).toBe('503');
    expect(fact(c, 'Incident')).toBe('#12');
    expect(fact(c, 'Time')).toBe('2026-11-21 10:15:30 UTC');
    expect(c.link).toBe(`${BASE}/api/v1/uptime/monitors/7`);
    expect(c.time).toBe(AT);
  });

  it("takes the cause from the check's error outside an incident", () => {
    expect(fact(describeAlert(env('monitor.down', { ...check, error: 'Connection refused' }), BASE), 'Cause')).toBe('Connection refused');
  });

  it('falls back to the URL when the monitor has no name', () => {
    const unnamed = { ...check, monitor: { ...monitor, name: '' }, error: null };
    expect(describeAlert(env('monitor.down', unnamed), BASE).title).toBe('Monitor down: https://shop.example.com/health');
  });

  it('monitor.up reports the downtime', () => {
    const upMonitor: MonitorRef = { ...monitor, status: 'up' };
    const up = { ...check, monitor: upMonitor, status_code: 200, response_time_ms: 80 };
    const c = describeAlert(env('monitor.up', { ...up, ...incident, resolved_at: AT, duration_seconds: 125 }), BASE);
    expect(c.title).toBe('Monitor up: Checkout API');
    expect(c.summary).toBe('Checkout API is back up after 2m 5s of downtime.');
    expect(c.severity).toBe('ok');
    expect(fact(c, 'Downtime')).toBe('2m 5s');
    expect(describeAlert(env('monitor.up', up), BASE).summary).toBe('Checkout API is back up.');
  });

  it('incident.acknowledged names who acknowledged, and where when it was an on-call tool', () => {
    const ack = { monitor, ...incident, acknowledged_at: AT, acknowledged_by: 'Jane Doe', acknowledged_via: 'opsgenie' as const };
    const c = describeAlert(env('incident.acknowledged', ack), BASE);
    expect(c.title).toBe('Incident acknowledged: Checkout API');
    expect(c.summary).toBe('Jane Doe acknowledged the outage of Checkout API (in Opsgenie).');
    expect(c.severity).toBe('info');
    expect(fact(c, 'Acknowledged by')).toBe('Jane Doe (in Opsgenie)');
    expect(fact(c, 'Incident')).toBe('#12');
    expect(describeAlert(env('incident.acknowledged', { ...ack, acknowledged_by: 'on-call bot', acknowledged_via: 'api' }), BASE).summary).toBe(
      'on-call bot acknowledged the outage of Checkout API.',
    );
  });

  it('monitor.degraded reports the response time and threshold', () => {
    const c = describeAlert(env('monitor.degraded', { ...check, status_code: 200, response_time_ms: 6200, degraded_threshold_ms: 5000 }), BASE);
    expect(c.title).toBe('Monitor degraded: Checkout API');
    expect(c.summary).toBe('Checkout API is responding slowly (6200 ms, threshold 5000 ms).');
    expect(c.severity).toBe('warning');
    expect(fact(c, 'Response time')).toBe('6200 ms');
  });

  it('certificate.expiring names the domain, the days left and the date', () => {
    const c = describeAlert(env('certificate.expiring', cert), BASE);
    expect(c.title).toBe('Certificate expiring: shop.example.com');
    expect(c.summary).toBe('The certificate of shop.example.com expires in 7 days (on 2026-11-28).');
    expect(fact(c, 'Domain')).toBe('shop.example.com');
    expect(fact(c, 'Days left')).toBe('7');
    expect(c.link).toBe(`${BASE}/api/v1/domains/3`);
    expect(describeAlert(env('certificate.expiring', { ...cert, days_until_expiry: 1 }), BASE).summary).toBe(
      'The certificate of shop.example.com expires in 1 day (on 2026-11-28).',
    );
  });

  it('certificate.expired is critical; a non-default port is shown', () => {
    const c = describeAlert(env('certificate.expired', { ...cert, port: 8443, days_until_expiry: 0, valid_to: '2026-11-20T00:00:00Z' }), BASE);
    expect(c.title).toBe('Certificate expired: shop.example.com:8443');
    expect(c.summary).toBe('The certificate of shop.example.com:8443 has expired (on 2026-11-20).');
    expect(c.severity).toBe('critical');
  });

  it('names the domain as fan-out found it when the envelope carries one', () => {
    const c = describeAlert(env('certificate.expiring', { ...cert, domain: { id: 3, hostname: 'renamed.example.com', port: 443 } }), BASE);
    expect(fact(c, 'Domain')).toBe('renamed.example.com');
  });

  it('domain.grade_changed: better is ok, worse is a warning', () => {
    const up = describeAlert(env('domain.grade_changed', gradeChange), BASE);
    expect(up.summary).toBe('The SSL grade of shop.example.com changed from B to A+.');
    expect(up.severity).toBe('ok');
    const down = describeAlert(env('domain.grade_changed', { ...gradeChange, previous_grade: 'A', grade: 'C' }), BASE);
    expect(down.severity).toBe('warning');
    expect(fact(down, 'Previous grade')).toBe('A');
    expect(fact(down, 'Grade')).toBe('C');
  });

  it('headers.grade_changed names the security-header grade and lists what changed', () => {
    const c = describeAlert(
      env('headers.grade_changed', {
        ...headersChange,
        reasons: [
          { kind: 'header', change: 'disappeared', name: 'Strict-Transport-Security' },
          { kind: 'directive', change: 'appeared', name: "script-src 'unsafe-inline'" },
          { kind: 'cap', change: 'appeared', name: 'capped' },
        ],
      }),
      BASE,
    );
    expect(c.title).toBe('Security-header grade changed: shop.example.com');
    expect(c.summary).toBe('The security-header grade of shop.example.com changed from A+ to B.');
    expect(c.severity).toBe('warning');
    expect(fact(c, 'Changes')).toBe("appeared: script-src 'unsafe-inline', capped; disappeared: Strict-Transport-Security");
    const tls = describeAlert(
      env('domain.grade_changed', { ...gradeChange, previous_grade: 'A', grade: 'B', reasons: [{ kind: 'protocol', change: 'appeared', name: 'TLSv1.0' }] }),
      BASE,
    );
    expect(fact(tls, 'Changes')).toBe('appeared: TLSv1.0');
  });

  it('scan.completed links to the scan; a failed scan says so', () => {
    const c = describeAlert(env('scan.completed', scan), BASE);
    expect(c.title).toBe('Scan completed: a.example');
    expect(c.summary).toBe('The scan of a.example completed with grade A (score 92).');
    expect(c.link).toBe(`${BASE}/api/v1/scans/44`);
    const failed = describeAlert(env('scan.completed', { ...scan, ...domainFacts, status: 'failed', grade: null, score: null, error: 'Connection refused' }), BASE);
    expect(failed.title).toBe('Scan failed: shop.example.com');
    expect(fact(failed, 'Error')).toBe('Connection refused');
  });

  it('test names the integration', () => {
    const c = describeAlert(env('test', { message: 'This is a test event from Vigil.', integration: { id: 5, name: 'Ops Slack', type: 'slack' } }), BASE);
    expect(c.title).toBe('Test alert from Vigil');
    expect(c.summary).toContain('"Ops Slack"');
    expect(c.link).toBe(`${BASE}/api/v1/integrations/5`);
  });

  /** Each event's sample data (typed by the union), and the data fields its content must show. */
  const d = sampleEventData;
  const cases: [AlertEnvelope, string[]][] = [
    [env('monitor.down', d['monitor.down']), [d['monitor.down'].monitor.name, d['monitor.down'].monitor.url, 'HTTP 503 Service Unavailable', '503']],
    [env('monitor.up', d['monitor.up']), [d['monitor.up'].monitor.name, d['monitor.up'].monitor.url]],
    [
      env('incident.acknowledged', d['incident.acknowledged']),
      [d['incident.acknowledged'].monitor.name, d['incident.acknowledged'].acknowledged_by, '(in PagerDuty)', `#${d['incident.acknowledged'].incident_id}`],
    ],
    [
      env('monitor.degraded', d['monitor.degraded']),
      [d['monitor.degraded'].monitor.name, `${d['monitor.degraded'].response_time_ms} ms`, `${d['monitor.degraded'].degraded_threshold_ms} ms`],
    ],
    [
      env('certificate.expiring', d['certificate.expiring']),
      [d['certificate.expiring'].hostname, String(d['certificate.expiring'].days_until_expiry), d['certificate.expiring'].valid_to.slice(0, 10)],
    ],
    [env('certificate.expired', d['certificate.expired']), [d['certificate.expired'].hostname, d['certificate.expired'].valid_to.slice(0, 10)]],
    [
      env('domain.grade_changed', d['domain.grade_changed']),
      [d['domain.grade_changed'].hostname, d['domain.grade_changed'].previous_grade, String(d['domain.grade_changed'].grade), 'TLSv1.0'],
    ],
    [
      env('headers.grade_changed', d['headers.grade_changed']),
      [d['headers.grade_changed'].hostname, d['headers.grade_changed'].previous_grade, d['headers.grade_changed'].grade, 'Strict-Transport-Security'],
    ],
    [
      env('scan.completed', d['scan.completed']),
      [d['scan.completed'].hostname, String(d['scan.completed'].grade), String(d['scan.completed'].score), `/scans/${d['scan.completed'].scan_id}`],
    ],
    [
      env('domain.verification_lapsed', d['domain.verification_lapsed']),
      [
        d['domain.verification_lapsed'].hostname,
        d['domain.verification_lapsed'].record_name,
        d['domain.verification_lapsed'].record_value,
        'status.shop.example.com',
        '/verifications/7',
      ],
    ],
    [
      env('location.offline', d['location.offline']),
      ['office-berlin', '2026-11-21 09:55:00 UTC', '5m', '/locations/3'],
    ],
    [
      env('location.online', d['location.online']),
      ['office-berlin', '2026-11-21 09:55:00 UTC', '2026-11-21 10:40:10 UTC', '45m 10s', '/locations/3'],
    ],
    [env('test', d.test), [d.test.integration.name, `/integrations/${d.test.integration.id}`]],
  ];

  it('covers every event', () => expect(cases.map(([e]) => e.event).sort()).toEqual([...ALERT_EVENTS].sort()));

  it.each(cases)('%o: the content names the fields of its data', (envelope, expected) => {
    const c = describeAlert(envelope, BASE);
    const text = [c.title, c.summary, c.link, ...c.facts.map((f) => `${f.label}: ${f.value}`)].join('\n');
    for (const value of expected) expect(text).toContain(value);
  });
});
