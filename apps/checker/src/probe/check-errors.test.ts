import { missingContentText, requestFailureText, timeoutText, unexpectedStatusText } from './check-errors.js';
import { judgeResponse } from './judge-response.js';

const target = { url: 'https://shop.example.com:8443/health', timeoutSeconds: 30 };
const fail = (err: Parameters<typeof requestFailureText>[0]) => requestFailureText(err, target);

describe('check error texts', () => {
  it('timeout names its limit', () => {
    expect(timeoutText(30)).toBe('Timeout after 30 s');
    expect(fail({ name: 'TimeoutError', code: 'ETIMEDOUT', message: "Timeout awaiting 'request' for 30000ms" })).toBe(
      'Timeout after 30 s',
    );
  });

  it('unexpected status carries the standard reason phrase, else the server one, else none', () => {
    expect(unexpectedStatusText(503)).toBe('Unexpected status code 503 Service Unavailable');
    expect(unexpectedStatusText(404, 'Nope')).toBe('Unexpected status code 404 Not Found');
    expect(unexpectedStatusText(299, 'Custom')).toBe('Unexpected status code 299 Custom');
    expect(unexpectedStatusText(299, '  ')).toBe('Unexpected status code 299');
  });

  it('missing content quotes the expected text, shortened past 100 characters', () => {
    expect(missingContentText('OK', false)).toBe('Expected content not found: "OK"');
    expect(missingContentText('x'.repeat(150), false)).toBe(`Expected content not found: "${'x'.repeat(100)}…"`);
    expect(missingContentText('OK', true)).toBe('Expected content not found: "OK" (searched the first 1 MiB of the body)');
  });

  it('blocked address: the guard message itself', () => {
    const message = 'Blocked private address: inside.test resolves to a non-public address; set VIGIL_ALLOW_PRIVATE_TARGETS=true to allow private targets';
    expect(fail({ code: 'EBLOCKEDADDRESS', message, cause: { code: 'EBLOCKEDADDRESS', message } })).toBe(message);
  });

  it('DNS failures name the host that failed and the code', () => {
    expect(fail({ code: 'ENOTFOUND', message: 'getaddrinfo ENOTFOUND nowhere.test' })).toBe(
      'DNS lookup failed for nowhere.test (ENOTFOUND)',
    );
    expect(fail({ code: 'EAI_AGAIN', message: 'x', cause: { code: 'EAI_AGAIN', hostname: 'slow.test' } })).toBe(
      'DNS lookup failed for slow.test (EAI_AGAIN)',
    );
    expect(fail({ code: 'ESERVFAIL', message: 'queryA ESERVFAIL' })).toBe('DNS lookup failed for shop.example.com (ESERVFAIL)');
    // c-ares reports an unreachable DNS server as ECONNREFUSED on a query syscall: still DNS.
    expect(fail({ code: 'ECONNREFUSED', message: 'queryA ECONNREFUSED', cause: { syscall: 'queryA' } })).toBe(
      'DNS lookup failed for shop.example.com (ECONNREFUSED)',
    );
  });

  it('connection refused names the host and the address when it differs', () => {
    expect(fail({ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED', cause: { address: '203.0.113.9', port: 8443, syscall: 'connect' } })).toBe(
      'Connection refused by shop.example.com:8443 (203.0.113.9:8443)',
    );
    expect(requestFailureText({ code: 'ECONNREFUSED', message: 'x', cause: { address: '127.0.0.1', port: 81 } }, { url: 'http://127.0.0.1:81/', timeoutSeconds: 5 })).toBe(
      'Connection refused by 127.0.0.1:81',
    );
  });

  it('TLS verification failures carry the reason', () => {
    expect(fail({ code: 'DEPTH_ZERO_SELF_SIGNED_CERT', message: 'self-signed certificate' })).toBe(
      'TLS verification failed: self-signed certificate',
    );
    expect(fail({ code: 'CERT_HAS_EXPIRED', message: 'certificate has expired' })).toBe('TLS verification failed: certificate has expired');
    expect(fail({ code: 'ERR_TLS_CERT_ALTNAME_INVALID', message: "Hostname/IP does not match certificate's altnames: x" })).toBe(
      "TLS verification failed: Hostname/IP does not match certificate's altnames: x",
    );
    expect(fail({ code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', message: 'unable to verify the first certificate' })).toBe(
      'TLS verification failed: unable to verify the first certificate',
    );
  });

  it('other TLS failures are handshake failures', () => {
    expect(fail({ code: 'EPROTO', message: 'SSL routines:ssl3_read_bytes:tlsv1 alert protocol version' })).toBe(
      'TLS handshake failed: SSL routines:ssl3_read_bytes:tlsv1 alert protocol version',
    );
    expect(fail({ code: 'ERR_SSL_WRONG_VERSION_NUMBER', message: 'wrong version number' })).toBe(
      'TLS handshake failed: shop.example.com:8443 answers in plain HTTP, not TLS (use http://shop.example.com:8443/ or the port that serves HTTPS)',
    );
  });

  it('redirect loops, resets, unreachable hosts, connect timeouts, bad responses, anything else', () => {
    expect(fail({ code: 'ERR_TOO_MANY_REDIRECTS', message: 'Redirected 10 times. Aborting.' })).toBe('Too many redirects (more than 10)');
    expect(fail({ code: 'ECONNRESET', message: 'socket hang up' })).toBe('Connection reset by shop.example.com:8443');
    expect(fail({ code: 'EHOSTUNREACH', message: 'x' })).toBe('Host unreachable: shop.example.com:8443');
    expect(fail({ code: 'ENETUNREACH', message: 'x' })).toBe('Network unreachable: shop.example.com:8443');
    expect(fail({ code: 'ETIMEDOUT', message: 'connect ETIMEDOUT' })).toBe('Connection to shop.example.com:8443 timed out');
    expect(fail({ code: 'HPE_INVALID_CONSTANT', message: 'Expected HTTP/' })).toBe('Invalid HTTP response: Expected HTTP/');
    expect(fail({ code: 'ERR_SOMETHING', message: 'odd' })).toBe('Request failed: odd');
  });
});

describe('judgeResponse', () => {
  const body = (s: string) => Buffer.from(s);
  it('passes an expected status with the content present', () => {
    expect(judgeResponse({ statusCode: 200, body: body('hello world'), truncated: false }, { expectedStatusCodes: [200], expectedContent: 'world' })).toBeNull();
  });
  it('judges the status before the content', () => {
    expect(judgeResponse({ statusCode: 500, body: body('x'), truncated: false }, { expectedStatusCodes: [200], expectedContent: 'y' })).toBe(
      'Unexpected status code 500 Internal Server Error',
    );
  });
  it('matches content as UTF-8 bytes', () => {
    expect(judgeResponse({ statusCode: 200, body: body('Grüße'), truncated: false }, { expectedStatusCodes: [200], expectedContent: 'üß' })).toBeNull();
  });
  it('an empty expected_content is no expectation', () => {
    expect(judgeResponse({ statusCode: 204, body: body(''), truncated: false }, { expectedStatusCodes: [204], expectedContent: '' })).toBeNull();
  });
});
