import { CHECK_DEFAULTS } from '@vigil/core';
import { probeTargetOfEntry } from './entry-target.js';

describe('probeTargetOfEntry (vigil test)', () => {
  it('gives an http entry the create body\'s defaults', () => {
    expect(probeTargetOfEntry({ name: 'Shop', url: ' https://shop.example.com/ ' })).toEqual({
      type: 'http',
      url: 'https://shop.example.com/',
      method: CHECK_DEFAULTS.method,
      headers: {},
      body: null,
      timeoutSeconds: 30,
      followRedirects: true,
      verifySsl: true,
      expectedStatusCodes: [200, 201, 204],
      expectedContent: null,
      assertions: [],
    });
  });

  it('reads tcp and dns configurations with their types\' schemas and defaults', () => {
    expect(probeTargetOfEntry({ type: 'tcp', timeout: 5, config: { host: 'DB.example.com', port: 5432 } })).toEqual({
      type: 'tcp',
      host: 'db.example.com',
      port: 5432,
      tls: false,
      verify_tls: true,
      servername: null,
      timeoutSeconds: 5,
    });
    expect(probeTargetOfEntry({ type: 'dns', config: { name: 'example.com', record_type: 'MX' } })).toMatchObject({ type: 'dns', name: 'example.com', record_type: 'MX', match: 'any', resolver: null, timeoutSeconds: 30 });
  });

  it('answers null for the types it does not run', () => {
    expect(probeTargetOfEntry({ type: 'heartbeat', config: { every: 60 } })).toBeNull();
    expect(probeTargetOfEntry({ type: 'websocket', config: {} })).toBeNull();
  });

  it.each([
    [{ url: 'ftp://example.com/' }, 'Invalid URL'],
    [{ url: 'https://example.com/', method: 'PUT' }, 'Invalid method: must be one of GET, POST, HEAD'],
    [{ url: 'https://example.com/', timeout: 0 }, 'Invalid timeout: must be an integer from 1 to 60 (seconds)'],
    [{ url: 'https://example.com/', assertions: [{ source: 'nope' }] }, /^Invalid assertions/],
    [{ type: 'tcp', config: { host: 'db.example.com', port: 0 } }, 'Invalid config.port: must be an integer from 1 to 65535'],
    [{ type: 'dns' }, /^Invalid config: a dns monitor needs an object/],
    [{ type: 'ftp' }, /^Invalid type: must be one of http, tcp/],
  ])('refuses %p', (fields, message) => {
    expect(() => probeTargetOfEntry(fields)).toThrow(message);
  });
});
