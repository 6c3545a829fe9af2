import request from 'supertest';
import { createApp } from '@vigil/api';
import { createTestAccount, createTestContext, waitFor, type TestAccount, type TestContext } from '@vigil/testing';
import { createCheckerApp } from '../app.js';
import { selfSignedCertificate } from '../testing/self-signed.js';
import { startTargetServer, startTlsTargetServer, type TargetServer } from '../testing/target-server.js';

// Assertions end to end: a monitor created through the API, checked by the real checker app
// against loopback HTTP and HTTPS targets, its failures named in the check records.
let ctx: TestContext;
let app: ReturnType<typeof createApp>;
let checker: ReturnType<typeof createCheckerApp>;
let account: TestAccount;
let server: TargetServer;
let tlsServer: TargetServer;

beforeAll(async () => {
  server = await startTargetServer();
  tlsServer = await startTlsTargetServer(await selfSignedCertificate());
  // Polling the API for checks would pass pro's 60 requests a minute on a slow machine.
  ctx = await createTestContext({ env: { VIGIL_ALLOW_PRIVATE_TARGETS: 'true', VIGIL_BURST_PER_SECOND: '100000', VIGIL_TIERS: JSON.stringify({ pro: { requestsPerMinute: 100_000, requestsPerDay: null } }) } });
  app = createApp(ctx);
  checker = createCheckerApp(ctx);
  await checker.start();
  account = await createTestAccount(ctx, 'pro');
});
afterAll(async () => {
  await checker.stop();
  await ctx.teardown();
  await server.close();
  await tlsServer.close();
});

const BASE = '/api/v1/uptime/monitors';
interface CheckRecord {
  status: string;
  status_code: number | null;
  response_time_ms: number | null;
  error?: string;
}

let n = 0;
/** Creates a monitor through the API and answers its first check record. */
async function firstCheck(body: Record<string, unknown>): Promise<CheckRecord> {
  const res = await request(app)
    .post(BASE)
    .set(account.auth)
    .send({ name: `assertions ${++n}`, ...body });
  expect(res.status).toBe(201);
  const id = res.body.monitor.id as number;
  const checksOf = async () => (await request(app).get(`${BASE}/${id}/checks`).set(account.auth)).body.checks as CheckRecord[];
  return (await waitFor(async () => (await checksOf())[0] ?? null, { what: 'the first check' }));
}

it('names a failed JSON path condition with what the target answered', async () => {
  // /echo answers {method, headers, body} as JSON: the request header x-state comes back in it.
  const check = await firstCheck({
    url: `${server.url}/echo?n=1`,
    headers: { 'x-state': 'degraded' },
    assertions: [
      { source: 'status_code', operator: 'equals', value: 200 },
      { source: 'json_path', path: "$.headers['x-state']", operator: 'equals', value: 'ok' },
      { source: 'header', name: 'Content-Type', operator: 'contains', value: 'json' },
      { source: 'header', name: 'x-missing', operator: 'exists' },
    ],
  });
  expect(check).toMatchObject({
    status: 'failure',
    status_code: 200,
    response_time_ms: null,
    error: 'Assertion failed: json $.headers[\'x-state\'] equals "ok" (got "degraded"); Assertion failed: header x-missing exists (header absent)',
  });
});

it('succeeds when every condition holds', async () => {
  const check = await firstCheck({
    url: `${server.url}/echo?n=2`,
    headers: { 'x-state': 'ok' },
    assertions: [
      { source: 'json_path', path: "$.headers['x-state']", operator: 'equals', value: 'ok' },
      { source: 'json_path', path: '$.method', operator: 'matches', value: '^get$', flags: 'i' },
      { source: 'body', operator: 'contains', value: '"method":"GET"' },
      { source: 'response_time', operator: 'less_than', value: 60_000 },
      { source: 'header', name: 'x-missing', operator: 'not_exists' },
    ],
  });
  expect(check).toMatchObject({ status: 'success', status_code: 200 });
  expect(check.response_time_ms).toEqual(expect.any(Number));
});

it('judges days left on the certificate the HTTPS check saw, and fails the condition over plain http', async () => {
  // The test certificate is valid for one day: 0 whole days left.
  const tls = await firstCheck({
    url: `${tlsServer.url}/tls-days`,
    verify_ssl: false,
    assertions: [
      { source: 'certificate_expiry', operator: 'less_than', value: 2 },
      { source: 'certificate_expiry', operator: 'greater_than', value: 14 },
    ],
  });
  expect(tls).toMatchObject({ status: 'failure', error: 'Assertion failed: certificate days left greater than 14 (got 0)' });
  const plain = await firstCheck({ url: `${server.url}/plain-days`, assertions: [{ source: 'certificate_expiry', operator: 'greater_than', value: 14 }] });
  expect(plain.error).toBe('Assertion failed: certificate days left greater than 14 (no certificate: the check made no TLS connection)');
});

it('judges a catastrophic regular expression on a hostile body in linear time (RE2)', async () => {
  const check = await firstCheck({
    url: `${server.url}/text?body=${'a'.repeat(40)}b`,
    assertions: [
      { source: 'body', operator: 'matches', value: '(a+)+$' },
      { source: 'body', operator: 'contains', value: 'aaab' },
    ],
  });
  // A backtracking engine would never finish; RE2 answers, and the next condition holds.
  expect(check).toMatchObject({ status: 'failure', error: 'Assertion failed: body matches /(a+)+$/ (no match)' });
});

it('leaves expected_status_codes and expected_content as they were: their text alone when they fail', async () => {
  const status = await firstCheck({
    url: `${server.url}/status/503`,
    assertions: [{ source: 'json_path', path: '$.x', operator: 'exists' }],
  });
  expect(status.error).toBe('Unexpected status code 503 Service Unavailable');
  const content = await firstCheck({
    url: `${server.url}/text?body=hello`,
    expected_content: 'world',
    assertions: [{ source: 'body', operator: 'contains', value: 'nope' }],
  });
  expect(content.error).toBe('Expected content not found: "world"');
});
