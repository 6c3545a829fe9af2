import {
  CERTIFICATE_ERROR_CODES,
  classifyNetworkError,
  describeNetworkError,
  NETWORK_ERROR_TEXTS,
  type NetworkErrorKind,
  type NetworkErrorWording,
} from './describe-network-error.js';

const url = 'https://shop.example.com:8443/health';
const text = (err: unknown, at: string | URL = url) => describeNetworkError(err, at);
const kind = (err: unknown): NetworkErrorKind => classifyNetworkError(err, url).kind;

describe('describeNetworkError: the default texts', () => {
  it('blocked address: the guard message itself (the socket error got wrapped, else the error)', () => {
    const message = 'Blocked private address: inside.test resolves to a non-public address; set VIGIL_ALLOW_PRIVATE_TARGETS=true to allow private targets';
    expect(text({ code: 'EBLOCKEDADDRESS', message: 'wrapper', cause: { code: 'EBLOCKEDADDRESS', message } })).toBe(message);
    expect(text(Object.assign(new Error(message), { code: 'EBLOCKEDADDRESS' }))).toBe(message);
  });

  it('DNS: every getaddrinfo and c-ares failure code names the host that failed and the code', () => {
    for (const code of ['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME', 'ENODATA', 'ESERVFAIL', 'ENONAME', 'EREFUSED', 'EBADRESP', 'ETIMEOUT', 'ENOTIMP', 'EFORMERR', 'EBADNAME']) {
      expect(text({ code, message: `queryA ${code}` })).toBe(`DNS lookup failed for shop.example.com (${code})`);
    }
  });

  it('DNS: the failed name comes from the cause, else the getaddrinfo message, else the URL', () => {
    expect(text({ code: 'EAI_AGAIN', message: 'x', cause: { code: 'EAI_AGAIN', hostname: 'slow.test' } })).toBe('DNS lookup failed for slow.test (EAI_AGAIN)');
    expect(text({ code: 'ENOTFOUND', message: 'getaddrinfo ENOTFOUND nowhere.test' })).toBe('DNS lookup failed for nowhere.test (ENOTFOUND)');
    expect(text({ code: 'ESERVFAIL', message: 'queryA ESERVFAIL' })).toBe('DNS lookup failed for shop.example.com (ESERVFAIL)');
  });

  it('DNS: recognised by the syscall or the getaddrinfo message whatever the code, "no answer" without one', () => {
    // c-ares reports an unreachable DNS server as ECONNREFUSED on a query syscall: still DNS.
    expect(text({ code: 'ECONNREFUSED', message: 'queryA ECONNREFUSED', cause: { syscall: 'queryA' } })).toBe(
      'DNS lookup failed for shop.example.com (ECONNREFUSED)',
    );
    // The guard's policy lookup wraps c-ares's code in a getaddrinfo message.
    expect(text({ code: 'ECONNREFUSED', message: 'getaddrinfo ECONNREFUSED shop.test' })).toBe('DNS lookup failed for shop.test (ECONNREFUSED)');
    expect(text({ message: 'x', cause: { syscall: 'getaddrinfo' } })).toBe('DNS lookup failed for shop.example.com (no answer)');
  });

  it('connection refused names the host, and the address connected to when it is not the hostname', () => {
    expect(text({ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED', cause: { address: '203.0.113.9', port: 8443, syscall: 'connect' } })).toBe(
      'Connection refused by shop.example.com:8443 (203.0.113.9:8443)',
    );
    expect(text({ code: 'ECONNREFUSED', message: 'x', cause: { address: '127.0.0.1', port: 81 } }, 'http://127.0.0.1:81/')).toBe(
      'Connection refused by 127.0.0.1:81',
    );
    expect(text({ code: 'ECONNREFUSED', message: 'x' })).toBe('Connection refused by shop.example.com:8443');
    expect(text({ code: 'ECONNREFUSED', message: 'x', cause: { address: '203.0.113.9' } })).toBe('Connection refused by shop.example.com:8443 (203.0.113.9:)');
  });

  it('certificate verification failures: every listed code, and any code naming a CERT', () => {
    for (const code of CERTIFICATE_ERROR_CODES) expect(text({ code, message: 'why' })).toBe('TLS verification failed: why');
    expect(text({ code: 'ERR_SSL_SSLV3_ALERT_BAD_CERTIFICATE', message: 'alert' })).toBe('TLS verification failed: alert');
    expect(CERTIFICATE_ERROR_CODES.size).toBe(22);
  });

  it('a TLS handshake answered in plain HTTP (OpenSSL: wrong version number) says so and what to use', () => {
    const expected = 'TLS handshake failed: shop.example.com:8443 answers in plain HTTP, not TLS (use http://shop.example.com:8443/ or the port that serves HTTPS)';
    expect(text({ code: 'ERR_SSL_WRONG_VERSION_NUMBER', message: 'wrong version number' })).toBe(expected);
    expect(text({ code: 'EPROTO', message: '40D8:error:0A00010B:SSL routines:ssl3_get_record:wrong version number' })).toBe(expected);
    expect(kind({ cause: { code: 'ERR_SSL_WRONG_VERSION_NUMBER', message: 'x' } })).toBe('plain-http');
  });

  it('other TLS failures are handshake failures: EPROTO, ERR_SSL_*, ERR_TLS_*, or SSL/TLS in the message', () => {
    expect(text({ code: 'EPROTO', message: 'SSL routines:ssl3_read_bytes:tlsv1 alert protocol version' })).toBe(
      'TLS handshake failed: SSL routines:ssl3_read_bytes:tlsv1 alert protocol version',
    );
    expect(text({ code: 'ERR_TLS_DH_PARAM_SIZE', message: 'DH parameter size 1024 is less than 2048' })).toBe(
      'TLS handshake failed: DH parameter size 1024 is less than 2048',
    );
    expect(text({ code: 'ERR_ODD', message: 'TLS alert' })).toBe('TLS handshake failed: TLS alert');
  });

  it('resets, unreachable hosts and networks, connect timeouts, bad responses, anything else', () => {
    expect(text({ code: 'ECONNRESET', message: 'socket hang up' })).toBe('Connection reset by shop.example.com:8443');
    // A reset during the TLS handshake is a reset, not a handshake failure.
    expect(text({ code: 'ECONNRESET', message: 'Client network socket disconnected before secure TLS connection was established' })).toBe(
      'Connection reset by shop.example.com:8443',
    );
    expect(text({ code: 'EHOSTUNREACH', message: 'x' })).toBe('Host unreachable: shop.example.com:8443');
    expect(text({ code: 'ENETUNREACH', message: 'x' })).toBe('Network unreachable: shop.example.com:8443');
    expect(text({ code: 'ETIMEDOUT', message: 'connect ETIMEDOUT' })).toBe('Connection to shop.example.com:8443 timed out');
    expect(text({ code: 'HPE_INVALID_CONSTANT', message: 'Expected HTTP/' })).toBe('Invalid HTTP response: Expected HTTP/');
    expect(text({ code: 'HPE_HEADER_OVERFLOW', message: 'Header overflow' })).toBe('Invalid HTTP response: Header overflow');
    expect(text({ code: 'ERR_SOMETHING', message: 'odd' })).toBe('Request failed: odd');
    expect(text({ message: 'no code at all' })).toBe('Request failed: no code at all');
  });

  it('reads the code from the cause when the error has none, and the message from the cause first', () => {
    expect(text({ message: 'outer', cause: { code: 'ECONNRESET', message: 'inner' } })).toBe('Connection reset by shop.example.com:8443');
    expect(text({ code: 'ERR_X', message: 'outer', cause: { message: 'inner' } })).toBe('Request failed: inner');
    expect(text({ code: 'ERR_X', message: 'outer', cause: {} })).toBe('Request failed: outer');
  });

  it('takes a real Error with a code, anything else thrown, a URL object and a URL that does not parse', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' });
    expect(text(refused, new URL('http://127.0.0.1:9/'))).toBe('Connection refused by 127.0.0.1:9');
    expect(text('boom')).toBe('Request failed: boom');
    expect(text(null)).toBe('Request failed: null');
    expect(text({ code: 42, message: 'numeric code' })).toBe('Request failed: numeric code');
    expect(text({ code: 'ECONNRESET', message: 'x' }, 'not a url')).toBe('Connection reset by not a url');
  });
});

describe('describeNetworkError: a caller words some kinds its own way', () => {
  const wording: Partial<NetworkErrorWording> = {
    timeout: (f) => `Timed out waiting for ${f.host}`,
    other: (f) => `Request to ${f.host} failed: ${f.message}`,
  };

  it('uses the given text for those kinds and the default for the rest', () => {
    expect(describeNetworkError({ code: 'ETIMEDOUT', message: 'x' }, url, wording)).toBe('Timed out waiting for shop.example.com:8443');
    expect(describeNetworkError({ code: 'ERR_X', message: 'odd' }, url, wording)).toBe('Request to shop.example.com:8443 failed: odd');
    expect(describeNetworkError({ code: 'ECONNRESET', message: 'x' }, url, wording)).toBe('Connection reset by shop.example.com:8443');
  });

  it('hands each text the facts it may name', () => {
    expect(classifyNetworkError({ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED', cause: { address: '203.0.113.9', port: 443 } }, url)).toEqual({
      kind: 'refused',
      code: 'ECONNREFUSED',
      message: 'connect ECONNREFUSED',
      host: 'shop.example.com:8443',
      hostname: 'shop.example.com',
      connectedTo: '203.0.113.9:443',
    });
    expect(classifyNetworkError({ code: 'ENOTFOUND', message: 'getaddrinfo ENOTFOUND cdn.test' }, url)).toMatchObject({ kind: 'dns', hostname: 'cdn.test' });
  });

  it('has a default text for every kind', () => {
    const kinds: NetworkErrorKind[] = [
      'blocked',
      'dns',
      'refused',
      'reset',
      'host-unreachable',
      'network-unreachable',
      'timeout',
      'tls-verification',
      'tls-handshake',
      'plain-http',
      'invalid-response',
      'other',
    ];
    expect(Object.keys(NETWORK_ERROR_TEXTS).sort()).toEqual([...kinds].sort());
    expect(kind({ code: 'EHOSTUNREACH', message: 'x' })).toBe('host-unreachable');
  });
});
