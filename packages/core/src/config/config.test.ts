import { assertSecretKeyForProduction, CONFIG_ENV_VARS, ConfigError, DEFAULT_TIERS, loadConfig, startupWarnings } from '@vigil/core';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const c = loadConfig({});
    expect(c.databaseUrl).toBe('postgres://postgres@127.0.0.1:5432/vigil');
    expect(c.redisUrl).toBe('redis://127.0.0.1:6379');
    expect(c.port).toBe(3000);
    expect(c.baseUrl).toBe('http://localhost:3000');
    expect(c.allowPrivateTargets).toBe(false);
    expect(c.dnsServers).toEqual([]);
    expect(c.smtpUrl).toBeUndefined();
    expect(c.logLevel).toBe('info');
    expect(c.adminToken).toBeUndefined();
    expect(c.secretKeyIsDevelopmentDefault).toBe(true);
    expect(c.redisPrefix).toBe('{vigil}');
    expect(c.tiers).toEqual(DEFAULT_TIERS);
  });

  it('refuses a multi-host DATABASE_URL (node-postgres takes one host), saying what to do instead', () => {
    const multiHost = 'postgres://vigil:s3cret@db1:5432,db2:5432/vigil?target_session_attrs=read-write';
    for (const name of ['DATABASE_URL', 'DATABASE_READ_URL']) {
      expect(() => loadConfig({ [name]: multiHost })).toThrow(new RegExp(`"${name}" must be a postgres:// or postgresql:// URL naming one host .*an address that moves to the new primary`));
      expect(() => loadConfig({ [name]: multiHost })).not.toThrow(/s3cret/);
    }
  });

  it('finds Redis through Sentinels or a Cluster when told to, with the password and TLS of REDIS_URL unless set apart', () => {
    expect(loadConfig({}).redis).toEqual({ mode: 'standalone', url: 'redis://127.0.0.1:6379' });
    expect(
      loadConfig({ REDIS_URL: 'rediss://:pw@x:1/3', REDIS_SENTINELS: 's1:26379, [::1]:26380', REDIS_SENTINEL_NAME: 'main', REDIS_SENTINEL_PASSWORD: 'spw' }).redis,
    ).toEqual({
      mode: 'sentinel',
      sentinels: [
        { host: 's1', port: 26379 },
        { host: '::1', port: 26380 },
      ],
      name: 'main',
      username: undefined,
      password: 'pw',
      sentinelPassword: 'spw',
      db: 3,
      tls: true,
      sentinelTls: false,
    });
    expect(loadConfig({ REDIS_CLUSTER_NODES: 'a:7000,b:7001', REDIS_PASSWORD: 'p', REDIS_TLS: 'yes' }).redis).toEqual({
      mode: 'cluster',
      nodes: [
        { host: 'a', port: 7000 },
        { host: 'b', port: 7001 },
      ],
      username: undefined,
      password: 'p',
      tls: true,
    });
    expect(() => loadConfig({ REDIS_SENTINELS: 'a:1', REDIS_CLUSTER_NODES: 'b:2' })).toThrow(/set one, not both/);
    expect(() => loadConfig({ REDIS_SENTINELS: 'nohost' })).toThrow(/REDIS_SENTINELS: "nohost" is not host:port/);
  });

  it('keeps scans and alert deliveries 90 days by default, never fewer than 32 (usage counts a month of them)', () => {
    expect(loadConfig({})).toMatchObject({ checkRetentionDays: 90, scanRetentionDays: 90, deliveryRetentionDays: 90 });
    expect(loadConfig({ VIGIL_SCAN_RETENTION_DAYS: '32', VIGIL_DELIVERY_RETENTION_DAYS: '400' })).toMatchObject({
      scanRetentionDays: 32,
      deliveryRetentionDays: 400,
    });
    expect(() => loadConfig({ VIGIL_SCAN_RETENTION_DAYS: '31' })).toThrow(/VIGIL_SCAN_RETENTION_DAYS/);
    expect(() => loadConfig({ VIGIL_DELIVERY_RETENTION_DAYS: 'soon' })).toThrow(/VIGIL_DELIVERY_RETENTION_DAYS/);
  });

  it('reads the API in-flight slots (alone 8, shared 2 by default); a shared value above the other counts as it', () => {
    expect(loadConfig({}).apiInFlight).toEqual({ alone: 32, shared: 2 });
    expect(loadConfig({ VIGIL_API_IN_FLIGHT: '8', VIGIL_API_IN_FLIGHT_SHARED: '2' }).apiInFlight).toEqual({ alone: 8, shared: 2 });
    expect(loadConfig({ VIGIL_API_IN_FLIGHT: '3', VIGIL_API_IN_FLIGHT_SHARED: '5' }).apiInFlight).toEqual({ alone: 3, shared: 3 });
    expect(() => loadConfig({ VIGIL_API_IN_FLIGHT: '0' })).toThrow(/VIGIL_API_IN_FLIGHT/);
    expect(() => loadConfig({ VIGIL_API_IN_FLIGHT_SHARED: 'many' })).toThrow(/VIGIL_API_IN_FLIGHT_SHARED/);
  });

  it('caps one account\'s scheduled checks per checker at a tenth of CHECKER_CONCURRENCY unless set, never above it', () => {
    expect(loadConfig({}).checkerAccountConcurrency).toBe(50);
    expect(loadConfig({ CHECKER_CONCURRENCY: '5' }).checkerAccountConcurrency).toBe(1);
    expect(loadConfig({ CHECKER_ACCOUNT_CONCURRENCY: '20' }).checkerAccountConcurrency).toBe(20);
    expect(loadConfig({ CHECKER_CONCURRENCY: '10', CHECKER_ACCOUNT_CONCURRENCY: '20' }).checkerAccountConcurrency).toBe(10);
    expect(() => loadConfig({ CHECKER_ACCOUNT_CONCURRENCY: '0' })).toThrow(/CHECKER_ACCOUNT_CONCURRENCY/);
  });

  it('reads the public in-flight slots (16 by default)', () => {
    expect(loadConfig({}).publicInFlight).toBe(16);
    expect(loadConfig({ VIGIL_PUBLIC_IN_FLIGHT: '4' }).publicInFlight).toBe(4);
    expect(() => loadConfig({ VIGIL_PUBLIC_IN_FLIGHT: '0' })).toThrow(/VIGIL_PUBLIC_IN_FLIGHT/);
  });

  it('lets a verified DNS claim stay missing VIGIL_DOMAIN_REVERIFY_GRACE_DAYS (7 by default)', () => {
    expect(loadConfig({}).domainReverifyGraceDays).toBe(7);
    expect(loadConfig({ VIGIL_DOMAIN_REVERIFY_GRACE_DAYS: '30' }).domainReverifyGraceDays).toBe(30);
    expect(() => loadConfig({ VIGIL_DOMAIN_REVERIFY_GRACE_DAYS: '0' })).toThrow(/VIGIL_DOMAIN_REVERIFY_GRACE_DAYS/);
  });

  it('keeps header checks VIGIL_HEADER_CHECK_RETENTION_DAYS (90 by default)', () => {
    expect(loadConfig({}).headerCheckRetentionDays).toBe(90);
    expect(loadConfig({ VIGIL_HEADER_CHECK_RETENTION_DAYS: '7' }).headerCheckRetentionDays).toBe(7);
    expect(() => loadConfig({ VIGIL_HEADER_CHECK_RETENTION_DAYS: '0' })).toThrow(/VIGIL_HEADER_CHECK_RETENTION_DAYS/);
  });

  it('derives the base URL from PORT and strips a trailing slash from VIGIL_BASE_URL', () => {
    expect(loadConfig({ PORT: '4100' }).baseUrl).toBe('http://localhost:4100');
    expect(loadConfig({ VIGIL_BASE_URL: 'https://vigil.example.com/' }).baseUrl).toBe('https://vigil.example.com');
  });

  it('parses booleans and DNS server lists', () => {
    const c = loadConfig({ VIGIL_ALLOW_PRIVATE_TARGETS: 'true', VIGIL_DNS_SERVERS: '127.0.0.1:5353, 10.0.0.2' });
    expect(c.allowPrivateTargets).toBe(true);
    expect(c.dnsServers).toEqual(['127.0.0.1:5353', '10.0.0.2']);
    expect(c.dnsMonitorResolvers).toEqual([]);
    expect(loadConfig({ VIGIL_DNS_MONITOR_RESOLVERS: '1.1.1.1, [2606:4700:4700::1111]:53' }).dnsMonitorResolvers).toEqual(['1.1.1.1', '[2606:4700:4700::1111]:53']);
    expect(() => loadConfig({ VIGIL_DNS_MONITOR_RESOLVERS: 'dns.google' })).toThrow(/VIGIL_DNS_MONITOR_RESOLVERS/);
  });

  it.each([
    ['PORT', 'seventy', /"PORT"/],
    ['PORT', '70000', /"PORT"/],
    ['DATABASE_URL', 'mysql://x', /"DATABASE_URL"/],
    ['DATABASE_READ_URL', 'mysql://replica', /"DATABASE_READ_URL"/],
    ['DATABASE_READ_URL', 'replica.internal', /"DATABASE_READ_URL"/],
    ['REDIS_URL', 'not a url', /"REDIS_URL"/],
    ['VIGIL_ALLOW_PRIVATE_TARGETS', 'maybe', /"VIGIL_ALLOW_PRIVATE_TARGETS"/],
    ['VIGIL_DNS_SERVERS', 'dns.example.com', /"VIGIL_DNS_SERVERS"/],
    ['LOG_LEVEL', 'loud', /"LOG_LEVEL"/],
    ['SMTP_URL', 'http://mail', /"SMTP_URL"/],
    ['VIGIL_TIERS', '{not json', /VIGIL_TIERS/],
    ['VIGIL_TIERS', '{"pro":{"monitors":-1}}', /VIGIL_TIERS/],
  ])('fails fast naming %s when it is %p', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });

  it('starts with short secrets, usual boolean spellings and an upper-case log level', () => {
    const c = loadConfig({ VIGIL_SECRET_KEY: 'test-key', VIGIL_ADMIN_TOKEN: 'admin', VIGIL_ALLOW_PRIVATE_TARGETS: '1', LOG_LEVEL: 'DEBUG' });
    expect(c.secretKey).toBe('test-key');
    expect(c.adminToken).toBe('admin');
    expect(c.allowPrivateTargets).toBe(true);
    expect(c.logLevel).toBe('debug');
    expect(loadConfig({ VIGIL_ALLOW_PRIVATE_TARGETS: 'no' }).allowPrivateTargets).toBe(false);
  });

  it('warns at start about the development key and short secrets, but not in tests', () => {
    expect(startupWarnings(loadConfig({}))).toEqual([expect.stringMatching(/^VIGIL_SECRET_KEY is not set/)]);
    expect(startupWarnings(loadConfig({ NODE_ENV: 'production', VIGIL_SECRET_KEY: 'short', VIGIL_ADMIN_TOKEN: 'admin' }))).toEqual([
      expect.stringMatching(/^VIGIL_SECRET_KEY is shorter than 32/),
      expect.stringMatching(/^VIGIL_ADMIN_TOKEN is shorter than 16/),
    ]);
    expect(startupWarnings(loadConfig({ VIGIL_SECRET_KEY: 'k'.repeat(32), VIGIL_ADMIN_TOKEN: 't'.repeat(16) }))).toEqual([]);
    expect(startupWarnings(loadConfig({ NODE_ENV: 'test' }))).toEqual([]);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', SMTP_URL: '' }).port).toBe(3000);
  });

  it('reads DATABASE_READ_URL when set; blank or unset, there is no replica', () => {
    expect(loadConfig({ DATABASE_READ_URL: 'postgres://reader@replica:5432/vigil' }).databaseReadUrl).toBe('postgres://reader@replica:5432/vigil');
    expect(loadConfig({ DATABASE_READ_URL: '' }).databaseReadUrl).toBeUndefined();
    expect(loadConfig({}).databaseReadUrl).toBeUndefined();
  });

  it('merges tier overrides over the defaults', () => {
    const c = loadConfig({ VIGIL_TIERS: '{"pro":{"monitors":100},"free":{"domains":5}}' });
    expect(c.tiers.pro.monitors).toBe(100);
    expect(c.tiers.pro.requestsPerDay).toBe(10_000);
    expect(c.tiers.free.domains).toBe(5);
  });

  it('reads regions: one default region unless configured; validated names and addresses', () => {
    const d = loadConfig({});
    expect([d.region, d.knownRegions, d.defaultRegions, d.sourceAddress]).toEqual(['default', ['default'], ['default'], undefined]);
    const c = loadConfig({ VIGIL_REGION: 'us', VIGIL_REGIONS: 'ap', VIGIL_DEFAULT_REGIONS: 'eu, us', VIGIL_SOURCE_ADDRESS: '127.0.0.2' });
    expect([c.region, c.knownRegions, c.defaultRegions, c.sourceAddress]).toEqual(['us', ['ap', 'eu', 'us'], ['eu', 'us'], '127.0.0.2']);
    expect(() => loadConfig({ VIGIL_REGION: 'EU' })).toThrow(/VIGIL_REGION/);
    expect(() => loadConfig({ VIGIL_DEFAULT_REGIONS: 'eu,bad_name' })).toThrow(/"bad_name" is not a valid region name/);
    expect(() => loadConfig({ VIGIL_SOURCE_ADDRESS: 'somewhere' })).toThrow(/VIGIL_SOURCE_ADDRESS/);
  });

  it('reads the regions served by agents: known regions, never the process\'s own checker region', () => {
    expect(loadConfig({}).agentRegions).toEqual([]);
    const c = loadConfig({ VIGIL_REGION: 'eu', VIGIL_DEFAULT_REGIONS: 'eu', VIGIL_AGENT_REGIONS: 'us, ap' });
    expect([c.agentRegions, c.knownRegions.sort()]).toEqual([['us', 'ap'], ['ap', 'eu', 'us']]);
    expect(() => loadConfig({ VIGIL_REGION: 'us', VIGIL_AGENT_REGIONS: 'us' })).toThrow(
      'Invalid configuration: VIGIL_REGION us is in VIGIL_AGENT_REGIONS (a region served by agents has no checkers)',
    );
    expect(() => loadConfig({ VIGIL_AGENT_REGIONS: 'Bad' })).toThrow(/VIGIL_AGENT_REGIONS/);
  });

  it('lists every variable of decisions §1 in its schema', () => {
    for (const name of [
      'DATABASE_URL', 'REDIS_URL', 'PORT', 'VIGIL_BASE_URL', 'VIGIL_ALLOW_PRIVATE_TARGETS', 'VIGIL_DNS_SERVERS',
      'SMTP_URL', 'LOG_LEVEL', 'VIGIL_ADMIN_TOKEN', 'VIGIL_SECRET_KEY',
    ]) {
      expect(CONFIG_ENV_VARS).toContain(name);
    }
  });
  it('refuses a production start without VIGIL_SECRET_KEY for the processes that read it', () => {
    const production = loadConfig({ NODE_ENV: 'production' });
    expect(() => assertSecretKeyForProduction(production, ['checker'])).toThrow(
      new ConfigError('Invalid configuration: VIGIL_SECRET_KEY must be set when NODE_ENV=production (checker encrypts and decrypts stored secrets with it; use 32+ random characters)'),
    );
    expect(() => assertSecretKeyForProduction(production, [])).not.toThrow();
    expect(() => assertSecretKeyForProduction(loadConfig({ NODE_ENV: 'production', VIGIL_SECRET_KEY: 'k'.repeat(32) }), ['api'])).not.toThrow();
    expect(() => assertSecretKeyForProduction(loadConfig({}), ['api'])).not.toThrow();
  });

  it('reads VIGIL_OPS_PORT (unset by default)', () => {
    expect(loadConfig({}).opsPort).toBeUndefined();
    expect(loadConfig({ VIGIL_OPS_PORT: '9100' }).opsPort).toBe(9100);
    expect(() => loadConfig({ VIGIL_OPS_PORT: 'ops' })).toThrow(/VIGIL_OPS_PORT/);
    expect(() => loadConfig({ PORT: '9100', VIGIL_OPS_PORT: '9100' })).toThrow('VIGIL_OPS_PORT must differ from PORT');
    expect(loadConfig({ PORT: '0', VIGIL_OPS_PORT: '0' }).opsPort).toBe(0);
  });
});
