import { createSecretBox, SecretBoxError } from '../security/secret-box.js';
import {
  maskMonitorHeaders,
  maskMonitorUrl,
  maskUserinfo,
  openMonitorSecrets,
  openMonitorSecretsOrDrop,
  restoreEchoedMasks,
  sealMonitorSecrets,
  splitUserinfo,
} from './monitor-credentials.js';

const box = createSecretBox('monitor-credentials-test-key-0123456789abcdef');

describe('splitUserinfo', () => {
  it.each([
    ['https://example.com/a', { scheme: 'https://', userinfo: null, rest: 'example.com/a' }],
    ['https://u:p@example.com/a', { scheme: 'https://', userinfo: 'u:p', rest: 'example.com/a' }],
    ['HTTP://tok@Example.com', { scheme: 'HTTP://', userinfo: 'tok', rest: 'Example.com' }],
    ['https://u:p@w@example.com:8443/x?y=a@b#c', { scheme: 'https://', userinfo: 'u:p@w', rest: 'example.com:8443/x?y=a@b#c' }],
    ['https://example.com/path@not-userinfo', { scheme: 'https://', userinfo: null, rest: 'example.com/path@not-userinfo' }],
    ['https://example.com?q=a@b', { scheme: 'https://', userinfo: null, rest: 'example.com?q=a@b' }],
    ['https://:p@example.com/', { scheme: 'https://', userinfo: ':p', rest: 'example.com/' }],
    ['https://u:@example.com/', { scheme: 'https://', userinfo: 'u:', rest: 'example.com/' }],
  ])('%s', (url, parts) => {
    expect(splitUserinfo(url)).toEqual(parts);
  });
});

describe('masks', () => {
  it.each([
    ['user:pass', 'user:****'],
    ['user:', 'user:****'],
    [':pass', ':****'],
    ['token-without-password', '****'],
    ['a:b:c', 'a:****'],
  ])('user info %s -> %s', (userinfo, masked) => {
    expect(maskUserinfo(userinfo)).toBe(masked);
  });

  it('masks only the user info of a URL and keeps the rest as written', () => {
    expect(maskMonitorUrl('HTTPS://u:p@Example.com:8443/Path/?q=a@b#f')).toBe('HTTPS://u:****@Example.com:8443/Path/?q=a@b#f');
    expect(maskMonitorUrl('https://example.com/a@b')).toBe('https://example.com/a@b');
  });

  it('masks every header value: **** and the last 4 characters from 16 characters on', () => {
    expect(maskMonitorHeaders({ Accept: 'json', Authorization: 'Bearer 0123456789abcdef', Empty: '' })).toEqual({
      Accept: '****',
      Authorization: '****cdef',
      Empty: '****',
    });
  });
});

describe('seal and open', () => {
  it('round-trips; the stored form holds no secret', () => {
    const clear = { url: 'https://u:hunter2-hunter2@h.example/x', headers: { 'X-Key': 'k-0123456789abcdef' } };
    const stored = sealMonitorSecrets(box, clear);
    expect(stored.url).toBe('https://u:****@h.example/x');
    expect(stored.headers).toEqual({ 'X-Key': '****cdef' });
    expect(JSON.stringify(stored)).not.toMatch(/hunter2|k-0123/);
    expect(openMonitorSecrets(box, stored)).toEqual(clear);
  });

  it('seals nothing when there is no user info and no header', () => {
    const stored = sealMonitorSecrets(box, { url: 'https://h.example/', headers: {} });
    expect(stored).toEqual({ url: 'https://h.example/', headers: {}, credentials: null });
    expect(openMonitorSecrets(box, stored)).toEqual({ url: 'https://h.example/', headers: {} });
  });

  it('under another key: open throws, openOrDrop drops the credentials', () => {
    const stored = sealMonitorSecrets(box, { url: 'https://u:p@h.example/', headers: { A: 'b' } });
    const other = createSecretBox('another-key-0123456789abcdef0123456789');
    expect(() => openMonitorSecrets(other, stored)).toThrow(SecretBoxError);
    expect(openMonitorSecretsOrDrop(other, stored)).toEqual({ url: 'https://h.example/', headers: {} });
  });
});

describe('restoreEchoedMasks', () => {
  const current = { url: 'https://u:secret@h.example/a', headers: { Authorization: 'Bearer 0123456789abcdef', Short: 'x' } };

  it('a masked user info means the current one, whatever else changed', () => {
    expect(restoreEchoedMasks({ url: 'https://u:****@h.example/b' }, current)).toEqual({ url: 'https://u:secret@h.example/b' });
  });

  it('new user info, none, or a mask of another user is taken as sent', () => {
    for (const url of ['https://u:new@h.example/a', 'https://h.example/a', 'https://v:****@h.example/a', 'https://****@h.example/a']) {
      expect(restoreEchoedMasks({ url }, current)).toEqual({ url });
    }
    expect(restoreEchoedMasks({ url: 'https://u:****@h.example/' }, { url: 'https://h.example/', headers: {} })).toEqual({ url: 'https://u:****@h.example/' });
  });

  it('a header value equal to the mask of its current value keeps the current value', () => {
    expect(restoreEchoedMasks({ headers: { Authorization: '****cdef', Short: '****', New: '****' } }, current)).toEqual({
      headers: { Authorization: 'Bearer 0123456789abcdef', Short: 'x', New: '****' },
    });
    expect(restoreEchoedMasks({ headers: { Authorization: 'Bearer other' } }, current)).toEqual({ headers: { Authorization: 'Bearer other' } });
  });

  it('leaves fields not sent out', () => {
    expect(restoreEchoedMasks({}, current)).toEqual({});
  });
});
