import { createTestAccount, createTestContext, runMigration, type TestContext } from '@vigil/testing';
import { openMonitorSecrets } from '../../monitors/monitor-credentials.js';
import { parseMonitorUrl, storedNormalizedUrl } from '../../monitors/monitor-url.js';
import { createSecretBox } from '../../security/secret-box.js';
import { SealMonitorCredentials1764300000000 } from './1764300000000-seal-monitor-credentials.js';

let ctx: TestContext;
let accountId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  accountId = (await createTestAccount(ctx, 'pro')).account.id;
});
afterAll(() => ctx.teardown());

interface Row {
  id: number;
  url: string;
  headers: Record<string, string>;
  normalized_url: string;
  credentials: string | null;
}

/** A monitor as rows were before the migration: credentials in the clear. */
async function legacyMonitor(url: string, headers: Record<string, string> = {}): Promise<number> {
  const [{ id }] = (await ctx.db.query(
    `INSERT INTO monitors (account_id, name, url, normalized_url, headers, credentials) VALUES ($1, 'm', $2, $3, $4, NULL) RETURNING id`,
    [accountId, url, parseMonitorUrl(url)!.normalized, headers],
  )) as { id: number }[];
  return id;
}

const row = async (id: number) => ((await ctx.db.query('SELECT id, url, headers, normalized_url, credentials FROM monitors WHERE id = $1', [id])) as Row[])[0];

const migrate = (direction: 'up' | 'down') => runMigration(ctx.db, new SealMonitorCredentials1764300000000(() => ctx.config.secretKey), direction);

it('seals the user info and header values of existing monitors, and leaves monitors without any alone', async () => {
  const box = createSecretBox(ctx.config.secretKey);
  const withBoth = await legacyMonitor('https://ann:pw-0123456789@a.example/x', { Authorization: 'Bearer tok-0123456789abcdef' });
  const headersOnly = await legacyMonitor('https://b.example/', { 'X-Key': 'short' });
  const token = await legacyMonitor('https://tok-abcdef@c.example/');
  const plain = await legacyMonitor('https://d.example/health');
  const plainBefore = await row(plain);

  await migrate('up');

  const a = await row(withBoth);
  expect(a).toMatchObject({ url: 'https://ann:****@a.example/x', headers: { Authorization: '****cdef' }, credentials: expect.stringMatching(/^v1\./) });
  expect(JSON.stringify(a)).not.toMatch(/pw-0123456789|tok-0123/);
  expect(a.normalized_url).toBe(storedNormalizedUrl(parseMonitorUrl('https://ann:pw-0123456789@a.example/x')!.normalized, box.fingerprint));
  expect(openMonitorSecrets(box, a)).toEqual({ url: 'https://ann:pw-0123456789@a.example/x', headers: { Authorization: 'Bearer tok-0123456789abcdef' } });

  expect(await row(headersOnly)).toMatchObject({ url: 'https://b.example/', headers: { 'X-Key': '****' }, normalized_url: 'https://b.example/' });
  expect(await row(token)).toMatchObject({ url: 'https://****@c.example/' });
  expect(await row(plain)).toEqual(plainBefore);

  // Running again changes nothing (rows already sealed are skipped).
  const sealed = await row(withBoth);
  await migrate('up');
  expect(await row(withBoth)).toEqual(sealed);

  // Down puts the clear values back.
  await migrate('down');
  const [restored] = (await ctx.db.query('SELECT url, headers, normalized_url FROM monitors WHERE id = $1', [withBoth])) as Row[];
  expect(restored).toEqual({ url: 'https://ann:pw-0123456789@a.example/x', headers: { Authorization: 'Bearer tok-0123456789abcdef' }, normalized_url: 'https://ann:pw-0123456789@a.example/x' });
  await ctx.db.query('ALTER TABLE monitors ADD COLUMN credentials text');
});
