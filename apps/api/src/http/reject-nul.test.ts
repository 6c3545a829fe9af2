import request from 'supertest';
import { createApp } from '@vigil/api';
import { createTestAccount, createTestContext, type TestContext } from '@vigil/testing';
import { containsNul, NUL_IN_BODY } from './reject-nul.js';

describe('containsNul', () => {
  it('finds U+0000 in any string or key, however deep', () => {
    expect(containsNul({ a: [1, { b: 'x\u0000' }] })).toBe(true);
    expect(containsNul({ ['k\u0000']: 1 })).toBe(true);
    let deep: unknown = 'a\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(containsNul(deep)).toBe(true);
    expect(containsNul(new Array(300_000).fill('ok'))).toBe(false);
    expect(containsNul({ a: ['\\u0000 as text', null, true, 1.5, { b: 'ünïcødé 😀' }] })).toBe(false);
    expect(containsNul(undefined)).toBe(false);
  });
});

describe('NUL characters in request bodies', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { VIGIL_BURST_PER_SECOND: '100000' } });
  });
  afterAll(() => ctx.teardown());

  it('answers 400, never a 500 from the database', async () => {
    const app = createApp(ctx);
    const { auth } = await createTestAccount(ctx, 'business');
    const cases: [string, object][] = [
      ['/api/v1/api-keys', { name: 'a\u0000b' }],
      ['/api/v1/integrations', { type: 'email', name: 'a\u0000b', config: { to: 'a@example.com' } }],
      ['/api/v1/integrations', { type: 'webhook', name: 'w', config: { url: 'https://example.com/', secret: 's\u0000' } }],
      ['/api/v1/uptime/monitors', { name: 'a\u0000b', url: 'https://example.com/' }],
      ['/api/v1/uptime/monitors', { name: 'm', url: 'https://example.com/', expected_content: 'x\u0000' }],
    ];
    for (const [path, body] of cases) {
      const res = await request(app).post(path).set(auth).send(body);
      expect([path, res.status, res.body]).toEqual([path, 400, { error: NUL_IN_BODY }]);
    }
  });
});
