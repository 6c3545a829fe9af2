import { apiKeyRouteMatcher } from './api-key-routes.js';

const routes = [
  { method: 'get', path: '/api/v1/api-keys', auth: 'api-key' },
  { method: 'post', path: '/api/v1/api-keys/:id/rotate', auth: 'api-key' },
  { method: 'get', path: '/api/v1/monitors/export.csv', auth: 'none' },
  { method: 'get', path: '/api/v1/monitors/:id', auth: 'api-key' },
  { method: 'delete', path: '/api/v1/monitors/:id', auth: 'api-key' },
  { method: 'get', path: '/status/:slug.json', auth: 'none' },
  { method: 'get', path: '/api/v1/scan', auth: 'optional-api-key' },
  { method: 'get', path: '/', auth: 'api-key' },
  { method: 'get', path: '/api/v1/things/:id/Export', auth: 'api-key' },
] as const;

const matches = apiKeyRouteMatcher(routes);

describe('apiKeyRouteMatcher', () => {
  it.each([
    ['GET', '/api/v1/api-keys'],
    ['get', '/API/v1/Api-Keys'],
    ['GET', '/api/v1/api-keys/'],
    ['HEAD', '/api/v1/api-keys'],
    ['POST', '/api/v1/api-keys/12/rotate'],
    ['GET', '/api/v1/monitors/7'],
    ['DELETE', '/api/v1/monitors/abc'],
    ['DELETE', '/api/v1/monitors/Rotate'],
    ['GET', '/'],
    ['GET', '//'],
    ['GET', '/api/v1/things/9/export/'],
    ['GET', '/API/V1/THINGS/9/EXPORT'],
  ])('%s %s is answered by a route that takes an API key', (method, path) => {
    expect(matches(method, path)).toBe(true);
  });

  it.each([
    ['POST', '/api/v1/api-keys', 'a method the path lacks (405)'],
    ['GET', '/api/v1/api-keys/12/rotate', 'a method the path lacks (405)'],
    ['GET', '/api/v1/monitors/export.csv', 'an earlier public path that also fits :id'],
    ['GET', '/status/main.json', 'a public route'],
    ['GET', '/api/v1/scan', 'an optional key'],
    ['GET', '/api/v1/monitors/', 'an empty parameter'],
    ['GET', '/api/v1/monitors/1/2', 'a parameter does not span segments'],
    ['GET', '/api/v1/nope', 'no route'],
    ['GET', '/api/v1/api-keysX', 'a longer path'],
    ['GET', '///', 'more than one trailing slash'],
    ['GET', '/api/v1/things/9/export//', 'more than one trailing slash'],
    ['GET', '/api/v1/things//export', 'an empty parameter'],
  ])('%s %s is not (%s)', (method, path) => {
    expect(matches(method, path)).toBe(false);
  });
});
