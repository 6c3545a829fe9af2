/**
 * Re-verification of domain claims against a loopback DNS server (VIGIL_DNS_SERVERS): a claim
 * whose TXT record is gone lapses after the grace period, with its alert through the outbox and
 * its custom hostname released; the operator's claims are left alone; DNS that does not answer
 * counts for nothing.
 */
import {
  DomainVerification,
  QueueName,
  StatusPage,
  challengePresence,
  checkVerification,
  policyResolver,
  relayOutboxBatch,
  startVerification,
  verificationRecordName,
  verificationRecordValue,
  verifyHostnameManually,
  type AlertEventPayloadOf,
} from '@vigil/core';
import { createTestAccount, createTestContext, startDnsServer, testClock, type LoopbackDns, type TestContext } from '@vigil/testing';
import { reverifyDomainsJob } from './reverify-domains.job.js';

const DAY = 86_400_000;
const clock = testClock('2026-03-01T04:13:00Z');
let dns: LoopbackDns;
let ctx: TestContext;

beforeAll(async () => {
  dns = await startDnsServer();
  ctx = await createTestContext({ clock, env: { VIGIL_DNS_SERVERS: dns.server, VIGIL_DOMAIN_REVERIFY_GRACE_DAYS: '7' } });
});
afterAll(async () => {
  await ctx.teardown();
  await dns.close();
});

/** A verified DNS claim of the account, its record published (or not) in the loopback zone. */
async function dnsClaim(accountId: number, hostname: string, published: boolean): Promise<DomainVerification> {
  const { verification } = await startVerification(ctx.db.manager, accountId, hostname);
  dns.zone.set(verificationRecordName(hostname), { TXT: [[verificationRecordValue(verification.token)]] });
  const { verification: verified } = await checkVerification(ctx.db.manager, policyResolver({ allowPrivate: false, dnsServers: [dns.server] }), verification, clock.now());
  expect(verified.status).toBe('verified');
  if (!published) dns.zone.delete(verificationRecordName(hostname));
  return verified;
}

const reload = (id: number) => ctx.db.getRepository(DomainVerification).findOneByOrFail({ id });

async function lapsedAlerts(): Promise<AlertEventPayloadOf<'domain.verification_lapsed'>[]> {
  while ((await relayOutboxBatch(ctx.db, ctx.queues, { batch: 500, enqueueTimeoutMs: 5_000 })) > 0);
  const jobs = await ctx.queues.queue(QueueName.Alerts).getJobs(['waiting', 'delayed', 'prioritized']);
  return jobs.map((j) => j.data as AlertEventPayloadOf<'domain.verification_lapsed'>).filter((e) => e.event === 'domain.verification_lapsed');
}

describe('ReverifyDomains', () => {
  it('keeps claims whose record is there, lapses one missing for the grace period with an alert and releases its custom hostname', async () => {
    const { account } = await createTestAccount(ctx, 'pro');
    const kept = await dnsClaim(account.id, 'kept.reverify.test', true);
    const gone = await dnsClaim(account.id, 'gone.reverify.test', false);
    const operator = await verifyHostnameManually(ctx.db.manager, account.id, 'operator.reverify.test', clock.now());
    const page = await ctx.db.getRepository(StatusPage).save({ accountId: account.id, slug: `reverify-${process.pid}`, title: 'Status', customHostname: 'status.gone.reverify.test' });
    const wakes: string[] = [];
    const job = reverifyDomainsJob(ctx, () => wakes.push('wake'));
    const run = () => job({}, undefined as never);

    // Day 0: the missing record is noted, nothing lapses yet.
    clock.advance(DAY);
    expect(await run()).toEqual({ confirmed: 1, missing: 1, lapsed: 0, unknown: 0 });
    const firstMiss = clock.now();
    expect(await reload(gone.id)).toMatchObject({ status: 'verified', missingSince: firstMiss });
    expect(await reload(kept.id)).toMatchObject({ status: 'verified', missingSince: null, lastCheckedAt: firstMiss });
    // Run again the same day: checked less than 20 h ago, nothing looked up.
    const queries = dns.queries.length;
    expect(await run()).toEqual({ confirmed: 0, missing: 0, lapsed: 0, unknown: 0 });
    expect(dns.queries.length).toBe(queries);

    // Six days later it is still missing: in grace.
    clock.advance(6 * DAY);
    expect(await run()).toEqual({ confirmed: 1, missing: 1, lapsed: 0, unknown: 0 });
    expect(await lapsedAlerts()).toEqual([]);

    // Seven days after it was first missed: lapsed.
    clock.advance(DAY);
    expect(await run()).toEqual({ confirmed: 1, missing: 0, lapsed: 1, unknown: 0 });
    expect(wakes).toEqual(['wake']);
    expect(await reload(gone.id)).toMatchObject({ status: 'pending', verifiedAt: null, missingSince: null, token: gone.token });
    expect(await reload(kept.id)).toMatchObject({ status: 'verified' });
    // The operator's claim is never re-checked.
    expect(await reload(operator.id)).toMatchObject({ status: 'verified', lastCheckedAt: null });
    expect((await ctx.db.getRepository(StatusPage).findOneByOrFail({ id: page.id })).customHostname).toBeNull();
    const alerts = (await lapsedAlerts()).filter((a) => a.accountId === account.id);
    expect(alerts).toEqual([
      {
        eventId: `domain-verification-lapsed-${gone.id}-${firstMiss.getTime()}`,
        accountId: account.id,
        event: 'domain.verification_lapsed',
        createdAt: clock.now().toISOString(),
        data: {
          verification_id: gone.id,
          hostname: 'gone.reverify.test',
          record_name: verificationRecordName('gone.reverify.test'),
          record_value: verificationRecordValue(gone.token),
          verified_at: gone.verifiedAt?.toISOString(),
          missing_since: firstMiss.toISOString(),
          grace_days: 7,
          released_custom_hostnames: ['status.gone.reverify.test'],
          verification_url: `${ctx.config.baseUrl}/api/v1/verifications/${gone.id}`,
        },
      },
    ]);

    // Publishing the same record again verifies the claim again.
    dns.zone.set(verificationRecordName('gone.reverify.test'), { TXT: [[verificationRecordValue(gone.token)]] });
    const again = await checkVerification(ctx.db.manager, policyResolver({ allowPrivate: false, dnsServers: [dns.server] }), await reload(gone.id), clock.now());
    expect(again.verification.status).toBe('verified');
  });

  it('a record that comes back within the grace period clears the miss', async () => {
    const { account } = await createTestAccount(ctx, 'pro');
    const flaky = await dnsClaim(account.id, 'flaky.reverify.test', false);
    clock.advance(DAY);
    await reverifyDomainsJob(ctx, () => undefined)({}, undefined as never);
    expect((await reload(flaky.id)).missingSince).toEqual(clock.now());
    dns.zone.set(verificationRecordName('flaky.reverify.test'), { TXT: [[verificationRecordValue(flaky.token)]] });
    clock.advance(DAY);
    await reverifyDomainsJob(ctx, () => undefined)({}, undefined as never);
    expect(await reload(flaky.id)).toMatchObject({ status: 'verified', missingSince: null });
  });

  it('tells present, absent, and unknown (DNS not answering) apart', async () => {
    const resolver = policyResolver({ allowPrivate: false, dnsServers: [dns.server] });
    dns.zone.set(verificationRecordName('p.reverify.test'), { TXT: [['other'], [verificationRecordValue('tok')]] });
    dns.zone.set(verificationRecordName('w.reverify.test'), { TXT: [[verificationRecordValue('another')]] });
    expect(await challengePresence(resolver, 'p.reverify.test', 'tok')).toBe('present');
    expect(await challengePresence(resolver, 'w.reverify.test', 'tok')).toBe('absent');
    expect(await challengePresence(resolver, 'nothing.reverify.test', 'tok')).toBe('absent');
    const refused = Object.assign(new Error('queryTxt ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(await challengePresence({ resolveTxt: () => Promise.reject(refused) }, 'p.reverify.test', 'tok')).toBe('unknown');
    const timeout = Object.assign(new Error('queryTxt ETIMEOUT'), { code: 'ETIMEOUT' });
    expect(await challengePresence({ resolveTxt: () => Promise.reject(timeout) }, 'p.reverify.test', 'tok')).toBe('unknown');
  });
});
