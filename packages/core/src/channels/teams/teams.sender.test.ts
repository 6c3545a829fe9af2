import { downAlert, senderDeps, teamsFixture, type ProviderFixture } from '@vigil/testing';
import { teams } from './index.js';

const SIG = 'pQ2mY7sX0vR4kL9nB3cZ8wE1tH6jF5aD';

describe('teams channel against a Workflows webhook fixture', () => {
  let flow: ProviderFixture;
  const sender = teams.createSender(senderDeps());
  const target = (sig = SIG) => ({ id: 1, name: 't', config: { url: `${flow.url}/workflows/0a1b/triggers/manual/paths/invoke?api-version=2016-06-01&sig=${sig}` } });
  beforeAll(async () => {
    flow = await teamsFixture(SIG);
  });
  afterAll(() => flow.close());

  it('posts a message with one Adaptive Card: title, summary, facts and a link; 202 delivers', async () => {
    const out = await sender.send(target(), downAlert());
    expect(out).toMatchObject({ ok: true, responseCode: 202 });
    const body = flow.requests.at(-1)!.json as { attachments: { content: { version: string; body: { type: string; text?: string; facts?: { title: string; value: string }[] }[]; actions: unknown[] } }[] };
    const card = body.attachments[0].content;
    expect(card.version).toBe('1.4');
    expect(card.body[0]).toMatchObject({ type: 'TextBlock', text: 'Monitor down: Checkout API', color: 'Attention' });
    expect(card.body[2].facts).toEqual(expect.arrayContaining([{ title: 'Cause', value: 'HTTP 503 Service Unavailable' }]));
    expect(card.actions).toEqual([{ type: 'Action.OpenUrl', title: 'View in Vigil', url: 'https://vigil.example.com/api/v1/uptime/monitors/7' }]);
  });

  it('stays under 28 KB with a huge cause', async () => {
    expect((await sender.send(target(), downAlert({ cause: 'y'.repeat(100_000) }))).ok).toBe(true);
  });

  it('429 with Retry-After is retried after it; 500 is retried; 401 is final with the flow\'s message and no signature', async () => {
    flow.script.push({ status: 429, headers: { 'Retry-After': '30' }, body: '{"error":{"code":"WorkflowTriggerIsThrottled","message":"Rate limit is exceeded"}}' });
    expect(await sender.send(target(), downAlert())).toMatchObject({ ok: false, responseCode: 429, retryable: true, retryAfterMs: 30_000, error: 'HTTP 429 Too Many Requests: Rate limit is exceeded' });
    flow.script.push({ status: 500 });
    expect(await sender.send(target(), downAlert())).toMatchObject({ ok: false, responseCode: 500, retryable: true });
    const out = await sender.send(target('wrong-signature-value'), downAlert());
    expect(out).toMatchObject({ ok: false, responseCode: 401, retryable: false, error: 'HTTP 401 Unauthorized: The request must be authenticated' });
  });
});
