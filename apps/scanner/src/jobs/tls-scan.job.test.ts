/**
 * The scan jobs end to end: real TLS servers on 127.0.0.1 with certificates generated here,
 * a loopback DNS server for their names, real PostgreSQL and Redis, the scanner app's workers.
 */
import { randomBytes } from 'node:crypto';
import net, { type AddressInfo } from 'node:net';
import type { Job } from 'bullmq';
import request from 'supertest';
import { createApp } from '@vigil/api';
import {
  Domain,
  HeaderCheck,
  JobName,
  ManualClock,
  Scan,
  insertScan,
  relayOutboxBatch,
  syncDomainSchedule,
  verifyHostnameManually,
  type AlertEventPayload,
  type AlertEventPayloadOf,
  type JobPayloads,
} from '@vigil/core';
import { bucketsOfDomain, createTestAccount, createTestContext, startDnsServer, waitFor, type LoopbackDns, type TestContext } from '@vigil/testing';
import { createScannerApp } from '../app.js';
import { makeCert } from '../tls/testing/certs.js';
import { startHttpsServer, type RunningServer } from '../tls/testing/servers.js';
import { startHttpsServer as startHeaderServer } from '../headers/testing/servers.js';
import { domainScanJob } from './domain-scan.job.js';
import { REPORT_NOT_STORED, runTlsScan, type TlsEngine } from './tls-scan.job.js';
import type { TlsScanReport } from '../tls/index.js';

const DAY = 86_400_000;
const zoneName = `tls-${randomBytes(4).toString('hex')}.test`;
const host = (label: string) => `${label}.${zoneName}`;

const clock = new ManualClock(new Date());
let dns: LoopbackDns;
let ctx: TestContext;
const servers: RunningServer[] = [];

async function tlsServer(label: string, notAfter: Date, opts: { hsts?: string } = {}): Promise<RunningServer> {
  const cert = await makeCert({ cn: host(label), sans: [{ type: 'dns', value: host(label) }], ec: 'P-256', notBefore: new Date(Date.now() - 30 * DAY), notAfter });
  const server = await startHttpsServer(cert, opts);
  servers.push(server);
  return server;
}

beforeAll(async () => {
  dns = await startDnsServer();
  for (const label of ['web', 'expiry', 'quiet', 'closed', 'plain', 'sched', 'worker', 'hdr']) dns.zone.set(host(label), { A: ['127.0.0.1'] });
  ctx = await createTestContext({ clock, env: { VIGIL_DNS_SERVERS: dns.server, VIGIL_ALLOW_PRIVATE_TARGETS: 'true' } });
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  await ctx.teardown();
  await dns.close();
});

/** The alert jobs, after the outbox relay moved what the scans wrote (as the scanner's relay does after each commit). */
async function alertEvents(): Promise<AlertEventPayload[]> {
  while ((await relayOutboxBatch(ctx.db, ctx.queues, { batch: 500, enqueueTimeoutMs: 5_000 })) > 0);
  const jobs = await ctx.queues.queueOf(JobName.AlertEvent).getJobs(['waiting', 'delayed', 'prioritized']);
  return jobs.map((j) => ({ ...(j.data as AlertEventPayload), jobId: j.id }) as AlertEventPayload & { jobId: string });
}

async function eventsFor(domainId: number | null, scanId?: number) {
  return (await alertEvents()).filter((e) => (domainId === null ? 'scan_id' in e.data && e.data.scan_id === scanId : e.domainId === domainId));
}

async function newDomain(accountId: number, label: string, port: number, extra: Partial<Domain> = {}): Promise<Domain> {
  return ctx.db.getRepository(Domain).save({ accountId, hostname: host(label), port, monitoringFrequency: 'daily', sslGrade: null, sslScore: null, ...extra });
}

async function scanOf(accountId: number, domain: Domain | null, hostname: string, port: number): Promise<Scan> {
  return insertScan(ctx.db.manager, { accountId, domainId: domain?.id ?? null, hostname, port, trigger: domain ? 'manual' : 'on_demand' }, clock.now());
}

describe('TlsScan job', () => {
  it('scans a real TLS server, stores the report and brings the domain up to date', async () => {
    const { account } = await createTestAccount(ctx, 'pro');
    const notAfter = new Date(Date.now() + 200 * DAY);
    const server = await tlsServer('web', notAfter, { hsts: 'max-age=31536000' });
    const domain = await newDomain(account.id, 'web', server.port, { sslGrade: 'A', sslScore: 95 });
    const scan = await scanOf(account.id, domain, domain.hostname, server.port);

    await runTlsScan(ctx, scan.id);

    const [row] = (await ctx.db.query('SELECT status, grade, score, error, report, started_at, completed_at, duration_ms FROM scans WHERE id = $1', [scan.id])) as {
      status: string;
      grade: string;
      score: number;
      error: string | null;
      report: { host: string; port: number; certificate: { fingerprint_sha256: string; valid_to: string; hostname_match: boolean; trusted: boolean }; grade_trust_ignored: string; protocols: unknown[] };
      started_at: Date;
      completed_at: Date;
      duration_ms: number;
    }[];
    expect(row).toMatchObject({ status: 'completed', error: null, started_at: expect.any(Date), completed_at: expect.any(Date), duration_ms: expect.any(Number) });
    expect(row.report).toMatchObject({ host: domain.hostname, port: server.port, grade: row.grade, score: row.score });
    expect(row.report.certificate).toMatchObject({ hostname_match: true, trusted: false });
    // Self-signed: untrusted, so F, with the grade as if trusted beside it.
    expect(row.grade).toBe('F');
    expect(row.report.grade_trust_ignored).toMatch(/^A/);

    const updated = await ctx.db.getRepository(Domain).findOneByOrFail({ id: domain.id });
    expect(updated).toMatchObject({
      sslGrade: 'F',
      sslScore: row.score,
      lastScanId: scan.id,
      lastScanStatus: 'completed',
      certFingerprintSha256: row.report.certificate.fingerprint_sha256,
      certSubject: `CN=${domain.hostname}`,
    });
    expect(updated.certValidTo?.toISOString()).toBe(new Date(row.report.certificate.valid_to).toISOString());
    expect(updated.lastScanAt).toEqual(clock.now());

    const events = await eventsFor(domain.id);
    expect(events.map((e) => e.event).sort()).toEqual(['domain.grade_changed', 'scan.completed']);
    const changed = events.find((e) => e.event === 'domain.grade_changed');
    expect(changed).toMatchObject({ eventId: `domain-grade-changed-${scan.id}`, accountId: account.id, domainId: domain.id, data: { previous_grade: 'A', grade: 'F', hostname: domain.hostname } });
    expect((changed as AlertEventPayload & { jobId: string }).jobId).toBe(changed?.eventId);
    // No earlier scan report: everything of this one appeared, the trust cap among it.
    expect(changed?.data.reasons).toContainEqual({ kind: 'cap', change: 'appeared', name: 'F: Certificate is self-signed and not trusted' });
    expect(changed?.data.reasons).toContainEqual({ kind: 'protocol', change: 'appeared', name: 'TLSv1.3' });
    expect(events.find((e) => e.event === 'scan.completed')).toMatchObject({ eventId: `scan-completed-${scan.id}`, data: { status: 'completed', grade: 'F', scan_id: scan.id } });

    // The same grade again: scan.completed only.
    const again = await scanOf(account.id, domain, domain.hostname, server.port);
    await runTlsScan(ctx, again.id);
    expect((await eventsFor(domain.id)).map((e) => e.eventId).sort()).toEqual(
      [`domain-grade-changed-${scan.id}`, `scan-completed-${again.id}`, `scan-completed-${scan.id}`].sort(),
    );
  });

  it('fails cleanly on a closed port and on a port that does not speak TLS', async () => {
    const { account } = await createTestAccount(ctx, 'pro');
    const closed = net.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));

    const sockets = new Set<net.Socket>();
    const plain = net.createServer((socket) => {
      sockets.add(socket);
      socket.end('220 hello, this is not TLS\r\n');
    });
    await new Promise<void>((r) => plain.listen(0, '127.0.0.1', r));
    const plainPort = (plain.address() as AddressInfo).port;
    try {
      const domain = await newDomain(account.id, 'closed', closedPort, { sslGrade: 'B', sslScore: 70 });
      const refused = await scanOf(account.id, domain, domain.hostname, closedPort);
      await runTlsScan(ctx, refused.id);
      const r1 = await ctx.db.getRepository(Scan).findOneByOrFail({ id: refused.id });
      expect(r1).toMatchObject({ status: 'failed', grade: null, score: null, error: 'Connection refused' });
      expect(r1.durationMs).not.toBeNull();
      const d = await ctx.db.getRepository(Domain).findOneByOrFail({ id: domain.id });
      expect(d).toMatchObject({ sslGrade: 'B', lastScanStatus: 'failed', lastScanId: refused.id });
      expect(await eventsFor(domain.id)).toEqual([
        expect.objectContaining({ event: 'scan.completed', data: expect.objectContaining({ status: 'failed', error: 'Connection refused' }) }),
      ]);

      const notTls = await scanOf(account.id, null, host('plain'), plainPort);
      await runTlsScan(ctx, notTls.id);
      const r2 = await ctx.db.getRepository(Scan).findOneByOrFail({ id: notTls.id });
      expect(r2.status).toBe('failed');
      expect(r2.error).toBe('No TLS protocol supported');
    } finally {
      for (const socket of sockets) socket.destroy();
      plain.close();
    }
  });

  it('fails a scan whose host resolves to a private address when private targets are not allowed', async () => {
    const strict = await createTestContext({ env: { VIGIL_DNS_SERVERS: dns.server, VIGIL_ALLOW_PRIVATE_TARGETS: 'false' } });
    try {
      const { account } = await createTestAccount(strict, 'pro');
      const scan = await insertScan(strict.db.manager, { accountId: account.id, domainId: null, hostname: host('web'), port: 443, trigger: 'on_demand' }, clock.now());
      await runTlsScan(strict, scan.id);
      const row = await strict.db.getRepository(Scan).findOneByOrFail({ id: scan.id });
      expect(row.status).toBe('failed');
      expect(row.error).toBe(`Blocked private address: ${host('web')} resolves to a non-public address; set VIGIL_ALLOW_PRIVATE_TARGETS=true to allow private targets`);
    } finally {
      await strict.teardown();
    }
  });

  it('stores the report of a certificate whose names hold a NUL byte (PostgreSQL refuses NUL): U+FFFD in its place', async () => {
    const { account } = await createTestAccount(ctx, 'pro');
    dns.zone.set(host('nul'), { A: ['127.0.0.1'] });
    const cert = await makeCert({ cn: `evil\u0000${host('nul')}`, sans: [{ type: 'dns', value: host('nul') }], ec: 'P-256' });
    const server = await startHttpsServer(cert);
    servers.push(server);
    const domain = await newDomain(account.id, 'nul', server.port);
    const scan = await scanOf(account.id, domain, domain.hostname, server.port);
    await runTlsScan(ctx, scan.id);
    const [row] = (await ctx.db.query('SELECT status, report FROM scans WHERE id = $1', [scan.id])) as { status: string; report: { certificate: { subject: string } } }[];
    expect(row.status).toBe('completed');
    expect(row.report.certificate.subject).toBe(`CN=evil\ufffd${host('nul')}`);
    expect((await ctx.db.getRepository(Domain).findOneByOrFail({ id: domain.id })).certSubject).toBe(`CN=evil\ufffd${host('nul')}`);
  });

  it('fails a scan whose report cannot be stored instead of leaving it running', async () => {
    const { account } = await createTestAccount(ctx, 'pro');
    const domain = await newDomain(account.id, 'web', 443);
    const scan = await scanOf(account.id, domain, domain.hostname, 443);
    const unstorable: TlsEngine = async () =>
      ({ grade: 'A', score: 90, certificate: { subject: 'CN=x', issuer: 'CN=y', valid_from: 'garbage', valid_to: 'garbage', serial_number: '01', fingerprint_sha256: 'ab' } }) as unknown as TlsScanReport;
    await runTlsScan(ctx, scan.id, { tls: unstorable });
    expect(await ctx.db.getRepository(Scan).findOneByOrFail({ id: scan.id })).toMatchObject({ status: 'failed', error: REPORT_NOT_STORED });
    expect(await ctx.db.getRepository(Domain).findOneByOrFail({ id: domain.id })).toMatchObject({ lastScanStatus: 'failed', lastScanId: scan.id });
  });

  it('leaves a finished or deleted scan alone', async () => {
    const { account } = await createTestAccount(ctx, 'pro');
    const scan = await scanOf(account.id, null, host('web'), 1);
    await ctx.db.query(`UPDATE scans SET status = 'completed' WHERE id = $1`, [scan.id]);
    await runTlsScan(ctx, scan.id);
    await runTlsScan(ctx, 987_654);
    expect(await ctx.db.getRepository(Scan).findOneByOrFail({ id: scan.id })).toMatchObject({ status: 'completed', startedAt: null });
  });
});

describe('certificate expiry notifications', () => {
  it('sends certificate.expiring at alert_days, 7, 1 and certificate.expired at 0, once per fingerprint and threshold', async () => {
    const { account } = await createTestAccount(ctx, 'pro');
    const start = new Date();
    clock.set(start);
    const notAfter = new Date(start.getTime() + 40 * DAY + 3_600_000);
    const server = await tlsServer('expiry', notAfter);
    const domain = await newDomain(account.id, 'expiry', server.port);
    const scanAt = async (daysLater: number) => {
      clock.set(new Date(start.getTime() + daysLater * DAY));
      const scan = await scanOf(account.id, domain, domain.hostname, server.port);
      await runTlsScan(ctx, scan.id);
      return scan.id;
    };
    const expiryEvents = async () =>
      (await eventsFor(domain.id)).filter((e): e is AlertEventPayloadOf<'certificate.expiring' | 'certificate.expired'> => e.event.startsWith('certificate.'));

    await scanAt(0); // 40 days left
    expect(await expiryEvents()).toEqual([]);
    const first = await scanAt(15); // 25 days left: reaches 30
    await scanAt(16); // 24: nothing new
    const seven = await scanAt(35); // 5 days: reaches 7
    await scanAt(36);
    const one = await scanAt(39.5); // half a day: reaches 1
    const expired = await scanAt(41); // expired
    await scanAt(45);

    const events = await expiryEvents();
    const fp = (await ctx.db.getRepository(Domain).findOneByOrFail({ id: domain.id })).certFingerprintSha256;
    expect(events.map((e) => [e.event, e.data.threshold_days, e.data.scan_id]).sort((a, b) => Number(b[1]) - Number(a[1]))).toEqual([
      ['certificate.expiring', 30, first],
      ['certificate.expiring', 7, seven],
      ['certificate.expiring', 1, one],
      ['certificate.expired', 0, expired],
    ]);
    expect(events.find((e) => e.data.threshold_days === 30)).toMatchObject({
      eventId: `certificate-expiring-${domain.id}-${fp}-30`,
      accountId: account.id,
      domainId: domain.id,
      data: { days_until_expiry: 25, fingerprint_sha256: fp, hostname: domain.hostname, alert_days_before_expiry: 30 },
    });
    const rows = (await ctx.db.query('SELECT threshold FROM certificate_notifications WHERE domain_id = $1 ORDER BY threshold DESC', [domain.id])) as { threshold: number }[];
    expect(rows.map((r) => r.threshold)).toEqual([30, 7, 1, 0]);
    clock.set(new Date());
  });

  it('sends one notice for the most urgent threshold when several are reached at once, and none with notifications off', async () => {
    const { account } = await createTestAccount(ctx, 'pro');
    clock.set(new Date());
    const server = await tlsServer('quiet', new Date(Date.now() + 5 * DAY));
    const loud = await newDomain(account.id, 'quiet', server.port);
    // The same host:port in another account, with notifications off and a previous grade.
    const other = await createTestAccount(ctx, 'pro');
    const silent = await newDomain(other.account.id, 'quiet', server.port, { notificationsEnabled: false, sslGrade: 'A' });
    for (const d of [loud, silent]) await runTlsScan(ctx, (await scanOf(d.accountId, d, d.hostname, server.port)).id);

    const loudEvents = (await eventsFor(loud.id)).filter((e) => e.event.startsWith('certificate.'));
    expect(loudEvents).toHaveLength(1);
    expect(loudEvents[0]).toMatchObject({ event: 'certificate.expiring', data: { threshold_days: 7, days_until_expiry: 4 } });
    expect((await eventsFor(silent.id)).map((e) => e.event)).toEqual(['scan.completed']);
  });
});

describe('DomainScan job (scheduled rescans)', () => {
  const runJob = (jobId: string, payload: JobPayloads[JobName.DomainScan]) => domainScanJob(ctx)(payload, { id: jobId } as Job<JobPayloads[JobName.DomainScan]>);

  it('creates one scheduled scan per run and runs it', async () => {
    const { account } = await createTestAccount(ctx, 'pro');
    const server = await tlsServer('sched', new Date(Date.now() + 100 * DAY));
    const domain = await newDomain(account.id, 'sched', server.port);
    await runJob(`repeat:domain-${domain.id}:1000`, { domainId: domain.id });
    await runJob(`repeat:domain-${domain.id}:1000`, { domainId: domain.id });
    const scans = await ctx.db.getRepository(Scan).findBy({ domainId: domain.id });
    expect(scans).toHaveLength(1);
    expect(scans[0]).toMatchObject({ trigger: 'scheduled', status: 'completed', jobKey: `repeat:domain-${domain.id}:1000`, grade: 'F' });
  });

  it('skips an inactive domain, a deactivated account, and a domain still being scanned', async () => {
    const { account } = await createTestAccount(ctx, 'pro');
    const inactive = await newDomain(account.id, 'sched', 1, { isActive: false });
    await runJob('repeat:a:1', { domainId: inactive.id });
    const busy = await newDomain(account.id, 'sched', 2);
    await scanOf(account.id, busy, busy.hostname, 2);
    await runJob('repeat:b:1', { domainId: busy.id });
    const other = await createTestAccount(ctx, 'pro');
    const gone = await newDomain(other.account.id, 'sched', 3);
    await ctx.db.query('UPDATE accounts SET is_active = false WHERE id = $1', [other.account.id]);
    await runJob('repeat:c:1', { domainId: gone.id });
    expect(await ctx.db.getRepository(Scan).countBy({ domainId: inactive.id })).toBe(0);
    expect(await ctx.db.getRepository(Scan).countBy({ domainId: busy.id })).toBe(1);
    expect(await ctx.db.getRepository(Scan).countBy({ domainId: gone.id })).toBe(0);
  });

  it('takes a domain that no longer exists out of its bucket', async () => {
    await syncDomainSchedule(ctx.queues, { id: 424_242, monitoringFrequency: 'daily', isActive: true });
    expect(await bucketsOfDomain(ctx, 424_242)).toHaveLength(1);
    await runJob('repeat:domain-424242:1', { domainId: 424_242 });
    expect(await bucketsOfDomain(ctx, 424_242)).toEqual([]);
  });
});

describe('the scanner app', () => {
  it('runs the initial scan of a domain created through the API, and queued DomainScan jobs', async () => {
    clock.set(new Date());
    const server = await tlsServer('worker', new Date(Date.now() + 100 * DAY));
    const { account, auth } = await createTestAccount(ctx, 'pro');
    await verifyHostnameManually(ctx.db.manager, account.id, zoneName, new Date());
    const scanner = createScannerApp(ctx);
    await scanner.start();
    try {
      const created = await request(createApp(ctx)).post('/api/v1/domains').set(auth).send({ hostname: host('worker'), port: server.port });
      expect(created.status).toBe(201);
      const domainId = created.body.domain.id as number;
      const scan = await waitFor(
        async () => {
          const s = await ctx.db.getRepository(Scan).findOneByOrFail({ id: created.body.scan_id });
          return s.status === 'completed' || s.status === 'failed' ? s : null;
        },
        { timeoutMs: 20_000, what: 'the initial scan' },
      );
      expect(scan).toMatchObject({ status: 'completed', grade: 'F' });
      const detail = await request(createApp(ctx)).get(`/api/v1/domains/${domainId}`).set(auth);
      expect(detail.body.domain).toMatchObject({ ssl_grade: 'F', days_until_expiry: 99, last_scan: expect.any(String), certificate: { subject: `CN=${host('worker')}` } });
      const chain = await request(createApp(ctx)).get(`/api/v1/domains/${domainId}/certificate/chain`).set(auth);
      expect(chain.status).toBe(200);
      expect(chain.body.chain[0]).toMatchObject({ role: 'leaf', subject: `CN=${host('worker')}` });

      await ctx.queues.add(JobName.DomainScan, { domainId }, { jobId: `repeat:domain-${domainId}:5` });
      await waitFor(async () => (await ctx.db.getRepository(Scan).findOneBy({ domainId, trigger: 'scheduled', status: 'completed' })) !== null, {
        timeoutMs: 20_000,
        what: 'the scheduled scan',
      });
    } finally {
      await scanner.stop();
    }
  });
});

describe('security headers of a monitored domain, with each of its scans', () => {
  const STRONG: Record<string, string> = {
    'Content-Security-Policy': "default-src 'self'; frame-ancestors 'none'",
    'Strict-Transport-Security': 'max-age=31536000',
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Permissions-Policy': 'camera=()',
  };

  it('records the history, keeps the grade on the domain and alerts with the diff when it changes', async () => {
    const { account } = await createTestAccount(ctx, 'pro');
    let headers: Record<string, string> = STRONG;
    const site = await startHeaderServer((_req, res) => res.writeHead(200, headers).end('<!doctype html>'));
    try {
      const domain = await newDomain(account.id, 'hdr', site.port);
      const run = async () => {
        const scan = await scanOf(account.id, domain, domain.hostname, site.port);
        await runTlsScan(ctx, scan.id);
        return scan;
      };
      const first = await run();
      const history = () => ctx.db.getRepository(HeaderCheck).find({ where: { domainId: domain.id }, order: { id: 'ASC' } });
      const [one] = await history();
      expect(one).toMatchObject({ scanId: first.id, url: `https://${domain.hostname}:${site.port}/`, status: 'completed', grade: 'A+', score: 100, algorithmVersion: 6, error: null });
      expect(one.report?.summary.site).toBe(`${domain.hostname}:${site.port}`);
      expect(await ctx.db.getRepository(Domain).findOneByOrFail({ id: domain.id })).toMatchObject({
        headerGrade: 'A+',
        headerScore: 100,
        lastHeaderCheckId: one.id,
        lastHeaderCheckAt: clock.now(),
      });
      expect((await eventsFor(domain.id)).map((e) => e.event)).not.toContain('headers.grade_changed');

      // A deploy drops HSTS and loosens the CSP.
      headers = { ...STRONG, 'Content-Security-Policy': "default-src 'self'; script-src 'self' 'unsafe-inline'; frame-ancestors 'none'" };
      delete headers['Strict-Transport-Security'];
      await run();
      const [, two] = await history();
      expect(two).toMatchObject({ grade: 'B', score: 75 });
      const changed = (await eventsFor(domain.id)).find((e) => e.event === 'headers.grade_changed');
      expect(changed).toMatchObject({
        eventId: `headers-grade-changed-${two.id}`,
        domainId: domain.id,
        data: { previous_grade: 'A+', grade: 'B', previous_score: 100, score: 75, header_check_id: two.id },
      });
      expect(changed?.data.reasons).toEqual([
        { kind: 'header', change: 'disappeared', name: 'Strict-Transport-Security' },
        { kind: 'directive', change: 'appeared', name: "script-src 'self' 'unsafe-inline'" },
        { kind: 'cap', change: 'appeared', name: expect.stringContaining("'unsafe-inline'") },
      ]);

      // Unreachable: a failed check in the history; the last grade stays.
      await site.close();
      await run();
      const [, , three] = await history();
      expect(three).toMatchObject({ status: 'failed', grade: null, report: null });
      expect(three.error).toMatch(/^Site unreachable: /);
      expect(await ctx.db.getRepository(Domain).findOneByOrFail({ id: domain.id })).toMatchObject({ headerGrade: 'B', lastHeaderCheckId: three.id });
    } finally {
      await site.close();
    }
  });

  it('an on-demand scan (no domain) checks no headers', async () => {
    const { account } = await createTestAccount(ctx, 'pro');
    const server = await tlsServer('plain', new Date(Date.now() + 90 * DAY));
    const scan = await scanOf(account.id, null, host('plain'), server.port);
    await runTlsScan(ctx, scan.id);
    expect(await ctx.db.getRepository(HeaderCheck).countBy({ scanId: scan.id })).toBe(0);
  });
});
