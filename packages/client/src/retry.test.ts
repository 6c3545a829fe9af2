import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { retryAfterSeconds, retryingFetch } from './retry.js';

describe('retryAfterSeconds', () => {
  it('reads delta seconds and HTTP dates, and nothing else', () => {
    expect(retryAfterSeconds('7')).toBe(7);
    expect(retryAfterSeconds(' 0 ')).toBe(0);
    expect(retryAfterSeconds('Wed, 21 Oct 2015 07:28:05 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'))).toBe(5);
    expect(retryAfterSeconds('Wed, 21 Oct 2015 07:28:00 GMT', Date.parse('Wed, 21 Oct 2015 07:29:00 GMT'))).toBe(0);
    expect(retryAfterSeconds(null)).toBeUndefined();
    expect(retryAfterSeconds('')).toBeUndefined();
    expect(retryAfterSeconds('soon')).toBeUndefined();
  });
});

describe('retryingFetch against a loopback server', () => {
  let server: http.Server;
  let base: string;
  /** Statuses (and Retry-After) to answer, in order; then 200. */
  let script: { status: number; retryAfter?: string }[] = [];
  const bodies: string[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        bodies.push(body);
        const next = script.shift() ?? { status: 200 };
        res.writeHead(next.status, { 'content-type': 'application/json', ...(next.retryAfter === undefined ? {} : { 'retry-after': next.retryAfter }) });
        res.end(JSON.stringify({ error: next.status === 200 ? undefined : 'busy', ok: next.status === 200 }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  beforeEach(() => {
    bodies.length = 0;
  });

  it('waits what Retry-After says on 429 and 503, resends the body, and returns the success', async () => {
    script = [{ status: 429, retryAfter: '2' }, { status: 503, retryAfter: '1' }];
    const waits: number[] = [];
    const f = retryingFetch({ sleep: async (ms) => void waits.push(ms) });
    const res = await f(new Request(`${base}/x`, { method: 'POST', body: '{"a":1}', headers: { 'content-type': 'application/json' } }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(waits).toEqual([2000, 1000]);
    expect(bodies).toEqual(['{"a":1}', '{"a":1}', '{"a":1}']);
  });

  it('gives up after the allowed retries and returns the last answer', async () => {
    script = [{ status: 429, retryAfter: '1' }, { status: 429, retryAfter: '1' }, { status: 429, retryAfter: '1' }];
    const waits: number[] = [];
    const res = await retryingFetch({ retries: 2, sleep: async (ms) => void waits.push(ms) })(new Request(`${base}/y`));
    expect(res.status).toBe(429);
    expect(waits).toEqual([1000, 1000]);
    expect(bodies).toHaveLength(3);
    script = [];
  });

  it('does not wait longer than maxWaitSeconds, and does not retry other statuses', async () => {
    script = [{ status: 503, retryAfter: '3600' }];
    const waits: number[] = [];
    const res = await retryingFetch({ sleep: async (ms) => void waits.push(ms) })(new Request(`${base}/z`));
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('3600');
    script = [{ status: 500 }];
    expect((await retryingFetch({ sleep: async (ms) => void waits.push(ms) })(new Request(`${base}/z`))).status).toBe(500);
    expect(waits).toEqual([]);
  });

  it('waits the default second when a 503 names no Retry-After, and really sleeps by default', async () => {
    script = [{ status: 503 }];
    const waits: number[] = [];
    expect((await retryingFetch({ sleep: async (ms) => void waits.push(ms) })(new Request(`${base}/d`))).status).toBe(200);
    expect(waits).toEqual([1000]);
    script = [{ status: 429, retryAfter: '0' }];
    expect((await retryingFetch()(new Request(`${base}/real`))).status).toBe(200);
    expect(bodies).toHaveLength(4);
  });
});
