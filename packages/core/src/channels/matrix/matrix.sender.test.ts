import { downAlert, matrixFixture, senderDeps, type ProviderFixture } from '@vigil/testing';
import { ValidationError } from '../../errors/errors.js';
import { matrix } from './index.js';

const TOKEN = 'syt_dmlnaWw_QmFzZTY0VG9rZW5WYWx1ZQ_1a2b3c';
const ROOM = '!AbCdEfGhIjKlMnOp:example.org';

describe('matrix channel against a homeserver fixture', () => {
  let hs: ProviderFixture;
  const sender = matrix.createSender(senderDeps());
  const target = (config: Record<string, unknown> = {}) => ({ id: 1, name: 'mx', config: { access_token: TOKEN, room_id: ROOM, api_url: `${hs.url}/`, ...config } });
  beforeAll(async () => {
    hs = await matrixFixture(TOKEN, ROOM);
  });
  afterAll(() => hs.close());

  it('PUTs an m.text m.room.message with an HTML body, the room id encoded, the delivery as txnId', async () => {
    const out = await sender.send(target(), downAlert({ name: 'Shop <b>', deliveryId: 77 }));
    expect(out).toMatchObject({ ok: true, responseCode: 200 });
    const req = hs.requests.at(-1)!;
    expect(req.method).toBe('PUT');
    expect(req.path).toBe(`/_matrix/client/v3/rooms/${encodeURIComponent(ROOM)}/send/m.room.message/vigil-77`);
    expect(req.headers.authorization).toBe(`Bearer ${TOKEN}`);
    const body = req.json as Record<string, string>;
    expect(body.msgtype).toBe('m.text');
    expect(body.format).toBe('org.matrix.custom.html');
    expect(body.body.startsWith('Monitor down: Shop <b>\n')).toBe(true);
    expect(body.formatted_body).toContain('<h4>Monitor down: Shop &lt;b&gt;</h4>');
  });

  it('M_LIMIT_EXCEEDED is retried after retry_after_ms', async () => {
    hs.script.push({ status: 429, body: '{"errcode":"M_LIMIT_EXCEEDED","error":"Too many requests","retry_after_ms":2500}' });
    expect(await sender.send(target(), downAlert())).toMatchObject({
      ok: false,
      responseCode: 429,
      retryable: true,
      retryAfterMs: 2_500,
      error: 'HTTP 429 Too Many Requests: M_LIMIT_EXCEEDED: Too many requests',
    });
  });

  it('a room the user is not in, and a bad token, are final with errcode and error', async () => {
    const other = '!ZzZzZzZzZzZzZzZz:example.org';
    expect(await sender.send(target({ room_id: other }), downAlert())).toMatchObject({
      ok: false,
      responseCode: 403,
      retryable: false,
      error: `HTTP 403 Forbidden: M_FORBIDDEN: User @vigil:example.org not in room ${other}`,
    });
    const bad = await sender.send(target({ access_token: 'syt_wrong_token_value_000' }), downAlert());
    expect(bad).toMatchObject({ ok: false, responseCode: 401, retryable: false, error: 'HTTP 401 Unauthorized: M_UNKNOWN_TOKEN: Invalid access token passed.' });
  });

  it('validates its config', () => {
    expect(() => matrix.validateConfig({ access_token: TOKEN, room_id: '#alias:example.org' })).toThrow(new ValidationError('Invalid config.room_id: must be a room id, !opaque:server.name'));
    expect(() => matrix.validateConfig({ room_id: ROOM })).toThrow(new ValidationError('config.access_token is required'));
  });
});
