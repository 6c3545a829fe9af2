import { missingContentText, requestFailureText, timeoutText, unexpectedStatusText } from './check-errors.js';
import type { Assertion } from '@vigil/core';
import { judgeResponse, type ProbeResponse } from './judge-response.js';

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
  const facts = { responseTimeMs: 42, now: new Date('2026-03-01T00:00:00Z') };
  const response = (statusCode: number, text: string, over: Partial<ProbeResponse> = {}): ProbeResponse => ({
    statusCode,
    headers: { 'content-type': 'application/json' },
    body: Buffer.from(text),
    truncated: false,
    certificateExpiresAt: null,
    ...over,
  });
  const expect_ = (expectedStatusCodes: number[], expectedContent: string | null, assertions: Assertion[] = []) => ({ expectedStatusCodes, expectedContent, assertions });

  it('passes an expected status with the content present', () => {
    expect(judgeResponse(response(200, 'hello world'), expect_([200], 'world'), facts)).toBeNull();
  });
  it('judges the status before the content', () => {
    expect(judgeResponse(response(500, 'x'), expect_([200], 'y'), facts)).toBe('Unexpected status code 500 Internal Server Error');
  });
  it('matches content as UTF-8 bytes', () => {
    expect(judgeResponse(response(200, 'Grüße'), expect_([200], 'üß'), facts)).toBeNull();
  });
  it('an empty expected_content is no expectation', () => {
    expect(judgeResponse(response(204, ''), expect_([204], ''), facts)).toBeNull();
  });

  const failing: Assertion = { source: 'json_path', path: '$.status', operator: 'equals', value: 'ok' };
  it('judges assertions last, naming every failed one', () => {
    const assertions: Assertion[] = [failing, { source: 'response_time', operator: 'less_than', value: 10 }, { source: 'header', name: 'content-type', operator: 'contains', value: 'json' }];
    expect(judgeResponse(response(200, '{"status":"degraded"}'), expect_([200], null, assertions), facts)).toBe(
      'Assertion failed: json $.status equals "ok" (got "degraded"); Assertion failed: response time less than 10 ms (got 42 ms)',
    );
    expect(judgeResponse(response(200, '{"status":"ok"}'), expect_([200], null, [failing]), facts)).toBeNull();
  });
  it('keeps the texts of expected_status_codes and expected_content alone when they fail', () => {
    expect(judgeResponse(response(503, '{"status":"degraded"}'), expect_([200], null, [failing]), facts)).toBe('Unexpected status code 503 Service Unavailable');
    expect(judgeResponse(response(200, '{"status":"degraded"}'), expect_([200], 'healthy', [failing]), facts)).toBe('Expected content not found: "healthy"');
  });
  it('hands the certificate expiry and the check time to the assertions', () => {
    const cert: Assertion = { source: 'certificate_expiry', operator: 'greater_than', value: 7 };
    const expiring = { certificateExpiresAt: new Date('2026-03-04T00:00:00Z') };
    expect(judgeResponse(response(200, '', expiring), expect_([200], null, [cert]), facts)).toBe('Assertion failed: certificate days left greater than 7 (got 3)');
  });
});
