import { CONFIG_ENV_VARS, loadConfig } from '@vigil/core';
import {
  APPS,
  HTTP_APPS,
  DEFAULTS,
  configError,
  MIGRATE_ARGV,
  compose,
  composeArgv,
  composeDurationMs,
  composeEnv,
  healthcheckUrl,
  interpolate,
  probePort,
  secretsReadBy,
  SECRET_VARS,
  servingPort,
  startArgv,
  vigilServices,
  type ComposeService,
} from './deploy-files.js';

const services = compose.services;
const vigil = Object.fromEntries(vigilServices());
const serviceOf = (argv: string[]) =>
  Object.entries(vigil).filter(([, s]) => composeArgv(s).join('\u0000') === argv.join('\u0000'));
const appService = (app: (typeof APPS)[number]): ComposeService => {
  const found = serviceOf(startArgv(app));
  if (found.length !== 1) throw new Error(`expected one compose service running "start ${app}", found ${found.length}`);
  return found[0][1];
};
const dependsOn = (s: ComposeService): Record<string, string | undefined> =>
  Array.isArray(s.depends_on)
    ? Object.fromEntries(s.depends_on.map((d) => [d, undefined]))
    : Object.fromEntries(Object.entries(s.depends_on ?? {}).map(([k, v]) => [k, v.condition]));
const commandWords = (s: ComposeService) =>
  Array.isArray(s.command) ? s.command.map(String) : (s.command ?? '').trim().split(/\s+/);

describe('interpolate (compose variable substitution with nothing set)', () => {
  it('applies defaults, empties unset variables and unescapes $$', () => {
    expect(interpolate('a${X:-d}b${Y-e}c${Z}$W$$')).toBe('adbec$');
    expect(() => interpolate('${X:?must be set}')).toThrow('X');
  });
});

describe('docker-compose.yml', () => {
  it('runs each app as its own service with its start command, and nothing else on the Vigil image', () => {
    for (const app of APPS) expect(serviceOf(startArgv(app))).toHaveLength(1);
    expect(serviceOf(MIGRATE_ARGV)).toHaveLength(1);
    expect(Object.keys(vigil)).toHaveLength(APPS.length + 1);
  });

  it('builds one image from the Dockerfile for every Vigil service', () => {
    const images = new Set(Object.values(vigil).map((s) => s.image));
    expect(images.size).toBe(1);
    expect([...images][0]).toBeTruthy();
  });

  it('has a one-shot migrate service that runs `migrate` and is not restarted', () => {
    const [[, migrate]] = serviceOf(MIGRATE_ARGV);
    expect(String(migrate.restart ?? 'no')).toBe('no');
    expect(dependsOn(migrate)).toMatchObject({ postgres: 'service_healthy' });
  });

  it('names only variables of the config schema, in the shared block and in every service', () => {
    const shared = compose['x-vigil-env'];
    expect(shared).toBeDefined();
    const named = [
      ...Object.keys(shared ?? {}),
      ...Object.values(vigil).flatMap((s) => Object.keys(composeEnv(s))),
    ];
    const unknown = [...new Set(named)].filter((v) => !CONFIG_ENV_VARS.includes(v));
    expect(unknown).toEqual([]);
  });

  it('gives every Vigil service the shared environment, which holds no secret', () => {
    const shared = composeEnv({ environment: compose['x-vigil-env'] });
    expect(Object.keys(shared).filter((k) => SECRET_VARS.includes(k))).toEqual([]);
    for (const [name, s] of Object.entries(vigil)) {
      expect({ name, env: composeEnv(s) }).toEqual({ name, env: expect.objectContaining(shared) });
    }
  });

  it('gives each service exactly the secrets its process reads (derived from the code)', () => {
    const processOf = (argv: string[]) => (argv.join(' ') === MIGRATE_ARGV.join(' ') ? 'migrate' : APPS.find((a) => startArgv(a).join(' ') === argv.join(' ')));
    for (const [name, s] of Object.entries(vigil)) {
      const proc = processOf(composeArgv(s));
      expect({ name, proc: proc !== undefined }).toEqual({ name, proc: true });
      const secrets = Object.keys(composeEnv(s)).filter((k) => SECRET_VARS.includes(k)).sort();
      expect({ name, secrets }).toEqual({ name, secrets: secretsReadBy(proc!).sort() });
    }
  });

  it('refuses to come up without VIGIL_SECRET_KEY for every service that reads it', () => {
    for (const [name, s] of Object.entries(vigil)) {
      const needs = Object.keys(composeEnv(s)).includes('VIGIL_SECRET_KEY');
      expect({ name, refused: needs ? (() => { try { composeEnv(s, {}); return false; } catch (e) { return /VIGIL_SECRET_KEY/.test((e as Error).message); } })() : true }).toEqual({ name, refused: true });
    }
  });

  it('gives every Vigil service a configuration the app accepts', () => {
    for (const [name, s] of Object.entries(vigil)) {
      expect({ name, error: configError(composeEnv(s)) }).toEqual({ name, error: undefined });
    }
  });

  it('points DATABASE_URL and REDIS_URL at the postgres and redis services, with their passwords', () => {
    const pg = composeEnv(services.postgres);
    const words = commandWords(services.redis).map((w) => interpolate(w, {}));
    const requirepass = words[words.indexOf('--requirepass') + 1];
    expect(requirepass).toBeTruthy();
    expect(composeEnv(services.redis).REDISCLI_AUTH).toBe(requirepass);
    for (const s of Object.values(vigil)) {
      const env = composeEnv(s);
      const db = new URL(env.DATABASE_URL);
      expect(db.hostname).toBe('postgres');
      expect(Number(db.port || 5432)).toBe(5432);
      expect(decodeURIComponent(db.username)).toBe(pg.POSTGRES_USER ?? 'postgres');
      expect(decodeURIComponent(db.password)).toBe(pg.POSTGRES_PASSWORD);
      expect(db.pathname).toBe(`/${pg.POSTGRES_DB ?? pg.POSTGRES_USER ?? 'postgres'}`);
      if (env.REDIS_URL === undefined) continue;
      const redis = new URL(env.REDIS_URL);
      expect(redis.hostname).toBe('redis');
      expect(Number(redis.port || 6379)).toBe(6379);
      expect(decodeURIComponent(redis.password)).toBe(requirepass);
    }
  });

  it('runs redis with AOF on and noeviction, on a volume, with a health check', () => {
    const words = commandWords(services.redis);
    const option = (name: string) => words[words.indexOf(name) + 1];
    expect(words[0]).toBe('redis-server');
    expect(option('--appendonly')).toBe('yes');
    expect(option('--maxmemory-policy')).toBe('noeviction');
    expect(services.redis.volumes?.map(String).some((v) => /^[\w-]+:\/data$/.test(v))).toBe(true);
    expect(services.redis.healthcheck?.test).toBeDefined();
  });

  it('runs postgres on a named volume with a health check', () => {
    const volume = services.postgres.volumes?.map(String).find((v) => v.endsWith(':/var/lib/postgresql/data'));
    expect(volume).toBeDefined();
    expect(Object.keys(compose.volumes ?? {})).toContain(volume!.split(':')[0]);
    expect(services.postgres.healthcheck?.test).toBeDefined();
  });

  it('starts each app once postgres and redis are healthy and migrate has completed', () => {
    const [[migrateName]] = serviceOf(MIGRATE_ARGV);
    for (const app of APPS) {
      expect({ app, depends: dependsOn(appService(app)) }).toEqual({
        app,
        depends: { postgres: 'service_healthy', redis: 'service_healthy', [migrateName]: 'service_completed_successfully' },
      });
    }
  });

  it('health-checks each app on the port it answers probes on (the API its ops port, the workers their default)', () => {
    for (const app of APPS) {
      const s = appService(app);
      const url = healthcheckUrl(s);
      expect({ app, path: url?.pathname }).toEqual({ app, path: expect.stringMatching(/^\/(healthz|readyz)$/) });
      const port = Number(url!.port);
      const config = loadConfig(composeEnv(s));
      expect({ app, port }).toEqual({ app, port: probePort(config, app) });
      expect({ app, port: servingPort(config, app) }).toEqual({ app, port: servingPort(DEFAULTS, app) });
    }
    expect(loadConfig(composeEnv(appService('api'))).opsPort).toBeDefined();
  });

  it('publishes the API port and not its ops port', () => {
    const api = appService('api');
    const published = (api.ports ?? []).map((p) => (typeof p === 'object' ? Number(p.target) : Number(interpolate(String(p)).split(':').pop()!.split('/')[0])));
    expect(published).not.toContain(loadConfig(composeEnv(api)).opsPort);
  });

  it('publishes the port of the API and of the public face', () => {
    for (const app of HTTP_APPS) {
      const s = appService(app);
      const port = servingPort(loadConfig(composeEnv(s)), app);
      const targets = (s.ports ?? []).map((p) =>
        typeof p === 'object' ? Number(p.target) : Number(interpolate(String(p)).split(':').pop()!.split('/')[0]),
      );
      expect({ app, targets }).toEqual({ app, targets: expect.arrayContaining([port]) });
    }
  });

  it('gives every app longer to stop than the shutdown timeout, so workers finish their jobs', () => {
    for (const app of APPS) {
      const s = appService(app);
      // Compose's default stop grace period is 10 s.
      const grace = composeDurationMs(s.stop_grace_period ?? '10s');
      expect(grace).toBeGreaterThan(loadConfig(composeEnv(s)).shutdownTimeoutMs);
    }
  });
});
