import { createTestAccount, createTestContext, testClock, type TestContext } from '@vigil/testing';
import type { AuditActor } from '../audit/record-audit.js';
import { insertIntegrationAudited, integrationOfAccount, rotateIntegrationSecretsAudited } from './integration-store.js';

const clock = testClock('2026-11-27T12:00:00Z');
let ctx: TestContext;
let actor: AuditActor;

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  const accountId = (await createTestAccount(ctx, 'pro')).account.id;
  actor = { accountId, keyId: 7, keyName: 'ci', ip: '192.0.2.1', now: () => clock.now() };
});
afterAll(() => ctx.teardown());

const entries = async (id: number) =>
  ctx.db.query<{ action: string; changes: Record<string, unknown> }[]>(`SELECT action, changes FROM audit_log WHERE resource_type = 'integration' AND resource_id = $1 ORDER BY id`, [String(id)]);

describe('rotateIntegrationSecretsAudited (one statement, compare-and-set on the sealed secrets)', () => {
  it('writes and records when the secrets are those read; writes nothing and records nothing once they changed', async () => {
    const made = await insertIntegrationAudited(ctx.db, actor, {
      accountId: actor.accountId, type: 'webhook', name: 'hook', config: { url: 'https://hooks.example.com/x' }, secrets: 'sealed-0',
      events: ['monitor.down'], monitorIds: [], domainIds: [], isActive: true,
    });
    const expires = new Date('2026-11-28T12:00:00Z');
    const saved = await rotateIntegrationSecretsAudited(ctx.db.manager, actor, made, { secrets: 'sealed-1', previousSecret: 'sealed-prev', previousSecretExpiresAt: expires });
    expect(saved).toMatchObject({ id: made.id, name: 'hook', secrets: 'sealed-1', previousSecret: 'sealed-prev', previousSecretExpiresAt: expires });
    // `made` still holds sealed-0: a rotation from it is stale.
    expect(await rotateIntegrationSecretsAudited(ctx.db.manager, actor, made, { secrets: 'sealed-2', previousSecret: null, previousSecretExpiresAt: null })).toBeNull();
    expect(await integrationOfAccount(ctx.db, actor.accountId, made.id)).toMatchObject({ secrets: 'sealed-1', previousSecret: 'sealed-prev' });
    // Another account's actor writes nothing either.
    if (!saved) throw new Error('the first rotation wrote nothing');
    expect(await rotateIntegrationSecretsAudited(ctx.db.manager, { ...actor, accountId: actor.accountId + 1_000_000 }, { ...saved, accountId: actor.accountId + 1_000_000 }, { secrets: 'sealed-3', previousSecret: null, previousSecretExpiresAt: null })).toBeNull();
    expect((await entries(made.id)).map((e) => [e.action, e.changes])).toEqual([
      ['create', expect.anything()],
      ['rotate', { secrets: { before: '****', after: '****' }, previous_secret: { before: null, after: '****' }, previous_secret_expires_at: { before: null, after: '****' } }],
    ]);
  });
});
