import { createApiProcess } from '@vigil/api';
import { createTestContext, type TestContext } from '@vigil/testing';

const ADMIN_TOKEN = 'admin-token-0123456789';

describe('VIGIL_OPS_PORT: probes, metrics and the queue dashboard on a port of their own', () => {
  let ctx: TestContext;
  let api: ReturnType<typeof createApiProcess>;
  let publicBase: string;
  let opsBase: string;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { PORT: '0', VIGIL_OPS_PORT: '0', VIGIL_ADMIN_TOKEN: ADMIN_TOKEN } });
    api = createApiProcess(ctx);
    await api.start();
    publicBase = `http://127.0.0.1:${api.port()}`;
    opsBase = `http://127.0.0.1:${api.opsPort()}`;
  });
  afterAll(async () => {
    await api.stop();
    await ctx.teardown();
  });

  const get = async (url: string, headers: Record<string, string> = {}) => {
    const res = await fetch(url, { headers });
    return { status: res.status, text: await res.text(), type: res.headers.get('content-type') ?? '' };
  };

  it('listens on two ports', () => {
    expect(api.opsPort()).toEqual(expect.any(Number));
    expect(api.opsPort()).not.toBe(api.port());
  });

  it('the public port keeps liveness only: no readiness reasons, metrics or dashboard', async () => {
    expect(JSON.parse((await get(`${publicBase}/healthz`)).text)).toEqual({ status: 'ok' });
    for (const path of ['/readyz', '/metrics', '/admin/queues']) {
      const res = await get(`${publicBase}${path}`, { Authorization: `Bearer ${ADMIN_TOKEN}` });
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
      expect(res.text).not.toMatch(/postgres|redis|vigil_/);
    }
    const index = JSON.parse((await get(`${publicBase}/`)).text) as { links: Record<string, string> };
    expect(index.links.health).toMatch(/\/healthz$/);
    expect(index.links.readiness).toBeUndefined();
    const doc = JSON.parse((await get(`${publicBase}/api/v1/openapi.json`)).text) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toContain('/healthz');
    expect(Object.keys(doc.paths)).not.toContain('/readyz');
    expect(Object.keys(doc.paths)).not.toContain('/metrics');
  });

  it('the ops port serves liveness, readiness with its checks, metrics and the dashboard behind the token', async () => {
    expect(JSON.parse((await get(`${opsBase}/healthz`)).text)).toEqual({ status: 'ok' });
    const ready = await get(`${opsBase}/readyz`);
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.text)).toEqual({ status: 'ready', checks: { postgres: 'ok', redis: 'ok' } });
    await get(`${publicBase}/healthz`);
    const metrics = await get(`${opsBase}/metrics`);
    expect(metrics.status).toBe(200);
    expect(metrics.type).toMatch(/^text\/plain/);
    // The public port's requests are counted in the one registry the ops port shows.
    expect(metrics.text).toMatch(/vigil_http_requests_total\{method="GET",route="\/healthz",status="200"\} \d+/);
    expect((await get(`${opsBase}/admin/queues`)).status).toBe(401);
    expect((await get(`${opsBase}/admin/queues`, { Authorization: `Bearer ${ADMIN_TOKEN}` })).status).toBe(200);
    const other = await get(`${opsBase}/api/v1/usage`);
    expect(other.status).toBe(404);
  });
});
