import { signingKey, standardWebhookHeaders } from './standard-webhooks.js';

describe('signingKey', () => {
  it('decodes whsec_ + base64, as Standard Webhooks libraries do', () => {
    expect(signingKey('whsec_AAEC')).toEqual(Buffer.from([0, 1, 2]));
    expect(signingKey('whsec_0123456789abcdef0123456789abcdef0123456789abcdef')).toHaveLength(36);
  });

  it('takes any other secret as its characters (the raw option)', () => {
    expect(signingKey('plain')).toEqual(Buffer.from('plain'));
    expect(signingKey('whsec_not base64!')).toEqual(Buffer.from('whsec_not base64!'));
    expect(signingKey('whsec_')).toEqual(Buffer.from('whsec_'));
  });
});

describe('standardWebhookHeaders', () => {
  it('signs id.timestamp.body once per secret, current first, timestamp in whole seconds', () => {
    const at = new Date('2026-11-23T10:00:00.900Z');
    const one = standardWebhookHeaders('evt-1', at, '{}', ['whsec_AAEC']);
    const two = standardWebhookHeaders('evt-1', at, '{}', ['whsec_AAEC', 'other']);
    expect(one['webhook-id']).toBe('evt-1');
    expect(one['webhook-timestamp']).toBe(String(Math.floor(at.getTime() / 1000)));
    expect(two['webhook-signature'].split(' ')[0]).toBe(one['webhook-signature']);
    expect(two['webhook-signature'].split(' ')).toHaveLength(2);
    expect(standardWebhookHeaders('evt-2', at, '{}', ['whsec_AAEC'])['webhook-signature']).not.toBe(one['webhook-signature']);
  });
});
