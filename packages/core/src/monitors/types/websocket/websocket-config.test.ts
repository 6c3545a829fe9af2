import { ValidationError } from '../../../errors/errors.js';
import { canonicalWebsocketUrl, WEBSOCKET_CONFIG_MESSAGES as M, WEBSOCKET_SPEC, websocketReplyMatches } from './websocket-config.js';

/** As the API validates a config: strict JSON types, unknown keys dropped, the first error. */
function check(input: Record<string, unknown>) {
  const { value, error } = WEBSOCKET_SPEC.schema.validate(input, { abortEarly: true, convert: false, stripUnknown: true });
  if (error) throw error instanceof ValidationError ? error : new ValidationError(error.details[0]?.message ?? error.message);
  return value;
}

describe('websocket config', () => {
  it('takes a URL, in canonical form, with defaults', () => {
    expect(check({ url: ' WSS://Stream.Example.com:443/feed?x=1 ' })).toEqual({
      url: 'wss://stream.example.com/feed?x=1',
      message: null,
      expected_reply: null,
      match: 'contains',
      verify_tls: true,
    });
  });

  it('takes a message and an expected reply, contained or matched', () => {
    expect(check({ url: 'ws://[2001:db8::1]:8080/', message: 'ping', expected_reply: '^pong \\d+$', match: 'matches', verify_tls: false })).toEqual({
      url: 'ws://[2001:db8::1]:8080/',
      message: 'ping',
      expected_reply: '^pong \\d+$',
      match: 'matches',
      verify_tls: false,
    });
  });

  it.each([
    [{}, M.url],
    [{ url: 'https://example.com/' }, M.url],
    [{ url: 'ws://user:secret@example.com/' }, M.url],
    [{ url: 'ws://example.com/#frag' }, M.url],
    [{ url: 'ws://bad host/' }, M.url],
    [{ url: `ws://example.com/${'a'.repeat(2048)}` }, M.url],
    [{ url: 'ws://example.com/', message: '' }, M.message],
    [{ url: 'ws://example.com/', message: 'x'.repeat(4097) }, M.message],
    [{ url: 'ws://example.com/', expected_reply: 5 }, M.expectedReply],
    [{ url: 'ws://example.com/', expected_reply: 'x'.repeat(1001) }, M.expectedReply],
    [{ url: 'ws://example.com/', match: 'equals' }, M.match],
    [{ url: 'ws://example.com/', expected_reply: '(a)\\1', match: 'matches' }, M.pattern],
    [{ url: 'ws://example.com/', expected_reply: 'x'.repeat(501), match: 'matches' }, M.pattern],
    [{ url: 'ws://example.com/', verify_tls: 'yes' }, M.verifyTls],
  ])('refuses %p', (input, message) => {
    expect(() => check(input)).toThrow(expect.objectContaining({ message }));
  });

  it('a long text is fine to contain, only a pattern is bounded to 500 characters', () => {
    expect(check({ url: 'ws://example.com/', expected_reply: 'x'.repeat(1000) }).expected_reply).toHaveLength(1000);
  });

  it('canonicalWebsocketUrl refuses what is not a ws:// or wss:// URL', () => {
    expect(canonicalWebsocketUrl('ws://example.com')).toBe('ws://example.com/');
    expect(canonicalWebsocketUrl('ws://example.com:80/a')).toBe('ws://example.com/a');
    expect(canonicalWebsocketUrl('ws:/example.com')).toBeNull();
    expect(canonicalWebsocketUrl('ws://exa\nmple.com/')).toBeNull();
  });

  it('judges a reply by containment or by the pattern (RE2)', () => {
    expect(websocketReplyMatches({ expected_reply: 'ok', match: 'contains' }, 'status: ok')).toBe(true);
    expect(websocketReplyMatches({ expected_reply: 'OK', match: 'contains' }, 'status: ok')).toBe(false);
    expect(websocketReplyMatches({ expected_reply: '(?i)^status: OK$', match: 'matches' }, 'status: ok')).toBe(true);
    expect(websocketReplyMatches({ expected_reply: '^(a+)+$', match: 'matches' }, `${'a'.repeat(50_000)}b`)).toBe(false);
    expect(websocketReplyMatches({ expected_reply: null, match: 'contains' }, 'anything')).toBe(true);
  });
});
