import { startupBanner } from './startup-banner.js';

const config = { port: 3000, healthPorts: { checker: 9101, scanner: 9102, notifier: 9103 } };

describe('startupBanner', () => {
  it('names the API, the docs, the workers and the first step when everything runs', () => {
    expect(startupBanner(['api', 'checker', 'scanner', 'notifier'], config)).toBe(
      'Vigil is running: API on http://localhost:3000, docs at http://localhost:3000/docs, ' +
        'checker health on http://localhost:9101/healthz, scanner health on http://localhost:9102/healthz, ' +
        'notifier health on http://localhost:9103/healthz. First account: npx vigil account create --email you@example.com --tier pro',
    );
  });

  it('names only the API when it runs alone', () => {
    expect(startupBanner(['api'], { ...config, port: 8080 })).toBe(
      'Vigil is running: API on http://localhost:8080, docs at http://localhost:8080/docs. First account: npx vigil account create --email you@example.com --tier pro',
    );
  });

  it('names a worker health port when only workers run', () => {
    expect(startupBanner(['scanner'], config)).toBe('Vigil is running: scanner health on http://localhost:9102/healthz.');
  });

  it('names where the public pages are when the public face runs alone', () => {
    expect(startupBanner(['public'], config)).toBe('Vigil is running: public pages on http://localhost:3000/status/{slug}.');
  });
});
