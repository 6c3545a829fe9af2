import type { AlertEnvelope, AlertEventName } from '@vigil/core';
import { describeAlert, formatDuration, formatTime } from './alert-content.js';

const BASE = 'https://vigil.example.com';
const AT = '2026-11-21T10:15:30.000Z';

function env(event: AlertEventName, data: Record<string, unknown>): AlertEnvelope {
  return { id: 'evt-1', event, created_at: AT, data };
}

const monitor = { id: 7, name: 'Checkout API', url: 'https://shop.example.com/health' };
const domain = { id: 3, hostname: 'shop.example.com', port: 443 };

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
    const base = { monitor, cause: 'Timeout after 30 s', incident_id: 12, started_at: '2026-11-21T10:00:00.000Z' };
    const reminder = describeAlert(env('monitor.down', { ...base, alert_kind: 'reminder', reminder: 2 }), BASE);
    expect(reminder.title).toBe('Reminder 2: Monitor down: Checkout API');
    expect(reminder.summary).toBe('Checkout API is still down: Timeout after 30 s');
    expect(fact(reminder, 'Down since')).toBe('2026-11-21 10:00:00 UTC');
    const escalation = describeAlert(env('monitor.down', { ...base, alert_kind: 'escalation', escalation_step: 1 }), BASE);
    expect(escalation.title).toBe('Escalation step 1: Monitor down: Checkout API');
    expect(fact(describeAlert(env('monitor.down', base), BASE), 'Down since')).toBeUndefined();
  });

  it('monitor.down names the monitor, the cause, the time, the status code and links to the monitor', () => {
    const c = describeAlert(env('monitor.down', { monitor, cause: 'HTTP 503 Service Unavailable', status_code: 503, incident_id: 12 }), BASE);
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

  it('takes the cause from error or reason when cause is absent', () => {
    expect(fact(describeAlert(env('monitor.down', { monitor, error: 'Connection refused' }), BASE), 'Cause')).toBe('Connection refused');
    expect(fact(describeAlert(env('monitor.down', { monitor, reason: 'Timed out' }), BASE), 'Cause')).toBe('Timed out');
  });

  it('falls back to the URL, then the id, when the monitor has no name', () => {
    expect(describeAlert(env('monitor.down', { monitor: { id: 7, url: 'https://a.example' } }), BASE).title).toBe('Monitor down: https://a.example');
    const byId = describeAlert(env('monitor.down', { monitor_id: 9 }), BASE);
    expect(byId.title).toBe('Monitor down: Monitor #9');
    expect(byId.link).toBe(`${BASE}/api/v1/uptime/monitors/9`);
    expect(describeAlert(env('monitor.down', {}), BASE).link).toBe(BASE);
  });

  it('monitor.up reports the downtime', () => {
    const c = describeAlert(env('monitor.up', { monitor, duration_seconds: 125 }), BASE);
    expect(c.title).toBe('Monitor up: Checkout API');
    expect(c.summary).toBe('Checkout API is back up after 2m 5s of downtime.');
    expect(c.severity).toBe('ok');
    expect(fact(c, 'Downtime')).toBe('2m 5s');
    expect(describeAlert(env('monitor.up', { monitor }), BASE).summary).toBe('Checkout API is back up.');
  });

  it('monitor.degraded reports the response time and threshold', () => {
    const c = describeAlert(env('monitor.degraded', { monitor, response_time_ms: 6200, degraded_threshold_ms: 5000 }), BASE);
    expect(c.title).toBe('Monitor degraded: Checkout API');
    expect(c.summary).toBe('Checkout API is responding slowly (6200 ms, threshold 5000 ms).');
    expect(c.severity).toBe('warning');
    expect(fact(c, 'Response time')).toBe('6200 ms');
  });

  it('certificate.expiring names the domain, the days left and the date', () => {
    const c = describeAlert(env('certificate.expiring', { domain, days_until_expiry: 7, expires_at: '2026-11-28T12:00:00Z' }), BASE);
    expect(c.title).toBe('Certificate expiring: shop.example.com');
    expect(c.summary).toBe('The certificate of shop.example.com expires in 7 days (on 2026-11-28).');
    expect(fact(c, 'Domain')).toBe('shop.example.com');
    expect(fact(c, 'Days left')).toBe('7');
    expect(c.link).toBe(`${BASE}/api/v1/domains/3`);
    expect(describeAlert(env('certificate.expiring', { domain, days_until_expiry: 1 }), BASE).summary).toBe(
      'The certificate of shop.example.com expires in 1 day.',
    );
  });

  it('certificate.expired is critical; a non-default port is shown', () => {
    const c = describeAlert(env('certificate.expired', { domain: { ...domain, port: 8443 }, valid_to: '2026-11-20T00:00:00Z' }), BASE);
    expect(c.title).toBe('Certificate expired: shop.example.com:8443');
    expect(c.summary).toBe('The certificate of shop.example.com:8443 has expired (on 2026-11-20).');
    expect(c.severity).toBe('critical');
  });

  it('domain.grade_changed: better is ok, worse is a warning', () => {
    const up = describeAlert(env('domain.grade_changed', { domain, previous_grade: 'B', grade: 'A+' }), BASE);
    expect(up.summary).toBe('The SSL grade of shop.example.com changed from B to A+.');
    expect(up.severity).toBe('ok');
    const down = describeAlert(env('domain.grade_changed', { domain, old_grade: 'A', new_grade: 'C' }), BASE);
    expect(down.severity).toBe('warning');
    expect(fact(down, 'Previous grade')).toBe('A');
    expect(fact(down, 'Grade')).toBe('C');
  });

  it('headers.grade_changed names the security-header grade and lists what changed', () => {
    const c = describeAlert(
      env('headers.grade_changed', {
        domain,
        previous_grade: 'A+',
        grade: 'B',
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
    const tls = describeAlert(env('domain.grade_changed', { domain, previous_grade: 'A', grade: 'B', reasons: [{ kind: 'protocol', change: 'appeared', name: 'TLSv1.0' }] }), BASE);
    expect(fact(tls, 'Changes')).toBe('appeared: TLSv1.0');
  });

  it('scan.completed links to the scan; a failed scan says so', () => {
    const c = describeAlert(env('scan.completed', { hostname: 'a.example', scan_id: 44, grade: 'A', score: 92 }), BASE);
    expect(c.title).toBe('Scan completed: a.example');
    expect(c.summary).toBe('The scan of a.example completed with grade A (score 92).');
    expect(c.link).toBe(`${BASE}/api/v1/scans/44`);
    const failed = describeAlert(env('scan.completed', { domain, status: 'failed', error: 'Connection refused' }), BASE);
    expect(failed.title).toBe('Scan failed: shop.example.com');
    expect(fact(failed, 'Error')).toBe('Connection refused');
  });

  it('test names the integration', () => {
    const c = describeAlert(env('test', { integration: { id: 5, name: 'Ops Slack' } }), BASE);
    expect(c.title).toBe('Test alert from Vigil');
    expect(c.summary).toContain('"Ops Slack"');
    expect(c.link).toBe(`${BASE}/api/v1/integrations/5`);
  });

  it('an explicit data.link wins', () => {
    expect(describeAlert(env('monitor.down', { monitor, link: 'https://status.example.com' }), BASE).link).toBe('https://status.example.com');
  });
});
