import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import request from 'supertest';
import { createApp } from '@vigil/api';
import { ManualClock } from '@vigil/core';
import { chromiumExecutable, createTestAccount, createTestContext, FIXTURE_SECRET, seedStatusFixture, type TestContext } from '@vigil/testing';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
/** Screenshots are kept here for people to look at. */
const SHOTS = process.env.VIGIL_SCREENSHOT_DIR ?? path.join(os.tmpdir(), 'vigil-status-screenshots');

let ctx: TestContext;
let server: http.Server;
let base: string;
let browser: Browser;
let slug: string;
const clock = new ManualClock(new Date());

beforeAll(async () => {
  const executablePath = await chromiumExecutable();
  ctx = await createTestContext({ clock, env: { VIGIL_BURST_PER_SECOND: '100000' } });
  const app = createApp(ctx);
  const owner = await createTestAccount(ctx, 'pro');
  const fixture = await seedStatusFixture(ctx, owner.account.id, clock.now(), { monitors: 6 });
  const created = await request(app)
    .post('/api/v1/status-pages')
    .set(owner.auth)
    .send({
      slug: `browser-${process.pid}`,
      title: 'Acme Cloud',
      description: 'Live status of the Acme API, dashboard and websites.',
      sections: [
        { title: 'API', monitor_ids: fixture.monitorIds.slice(0, 3) },
        { title: 'Dashboard and websites', monitor_ids: fixture.monitorIds.slice(3), domain_ids: fixture.domainIds },
      ],
    });
  slug = created.body.status_page.slug as string;
  await request(app)
    .post(`/api/v1/uptime/monitors/${fixture.monitorIds[1]}/incidents/${fixture.openIncidentId}/updates`)
    .set(owner.auth)
    .send({ status: 'identified', message: 'A failing database node is being replaced.' });
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await puppeteer.launch({ executablePath, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
});
afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await ctx?.teardown();
});

async function open(opts: { width: number; dark?: boolean; javascript?: boolean }): Promise<Page> {
  const page = await browser.newPage();
  await page.setBypassCSP(true); // lets the test inject axe-core; the page itself has no script
  await page.setJavaScriptEnabled(opts.javascript ?? true);
  await page.setViewport({ width: opts.width, height: 900 });
  await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: opts.dark ? 'dark' : 'light' }]);
  const res = await page.goto(`${base}/status/${slug}`, { waitUntil: 'load' });
  expect([200, 304]).toContain(res?.status()); // 304: the browser revalidated its copy with the ETag
  return page;
}

interface PixelStats {
  distinctColours: number;
  /** Share of pixels that differ from the most common (background) colour. */
  inked: number;
  /** Mean luminance, 0 (black) to 1 (white). */
  luminance: number;
}

/**
 * Decodes a screenshot in the browser itself (an <img> drawn on a canvas) and measures it. The
 * function runs in the page, so it is written as browser JavaScript.
 */
const MEASURE_PNG = `async (b64) => {
  const img = new Image();
  img.src = 'data:image/png;base64,' + b64;
  await img.decode();
  const canvas = document.createElement('canvas');
  canvas.width = img.width;
  canvas.height = img.height;
  const c2d = canvas.getContext('2d');
  c2d.drawImage(img, 0, 0);
  const data = c2d.getImageData(0, 0, img.width, img.height).data;
  const counts = new Map();
  let lum = 0;
  for (let i = 0; i < data.length; i += 4) {
    const key = (data[i] << 16) | (data[i + 1] << 8) | data[i + 2];
    counts.set(key, (counts.get(key) || 0) + 1);
    lum += (0.2126 * data[i] + 0.7152 * data[i + 1] + 0.0722 * data[i + 2]) / 255;
  }
  const pixels = data.length / 4;
  return { distinctColours: counts.size, inked: 1 - Math.max(...counts.values()) / pixels, luminance: lum / pixels };
}`;

async function inspect(png: Uint8Array): Promise<PixelStats> {
  const page = await browser.newPage();
  try {
    return (await page.evaluate(`(${MEASURE_PNG})(${JSON.stringify(Buffer.from(png).toString('base64'))})`)) as PixelStats;
  } finally {
    await page.close();
  }
}

async function shoot(page: Page, name: string): Promise<PixelStats> {
  const png = await page.screenshot({ type: 'png', fullPage: true });
  await writeFile(path.join(SHOTS, `${name}.png`), png).catch(async () => {
    const { mkdir } = await import('node:fs/promises');
    await mkdir(SHOTS, { recursive: true });
    await writeFile(path.join(SHOTS, `${name}.png`), png);
  });
  return inspect(png);
}

async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  const result = (await page.evaluate(
    'axe.run().then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length })))',
  )) as { id: string; impact: string | null; nodes: number }[];
  return result.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}, ${v.nodes} nodes)`);
}

async function noHorizontalScroll(page: Page): Promise<boolean> {
  return (await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')) === true;
}

describe('the public status page in Chromium', () => {
  it('shows statuses, 90-day bars and incident text, readable with JavaScript off', async () => {
    const page = await open({ width: 1200, javascript: false });
    const text = String(await page.evaluate('document.body.innerText'));
    expect(text).toContain('Acme Cloud');
    expect(text).toContain('Some systems are down');
    expect(text).toMatch(/Service 1\s+Operational/);
    expect(text).toMatch(/Service 2\s+Down/);
    expect(text).toContain('Service 2 is down');
    expect(text).toContain('A failing database node is being replaced.');
    expect(text).toContain('TLS grade A+');
    expect(text).toContain('Certificate expires in 5 days');
    expect(text).toMatch(/uptime \(90 days\)/);
    expect(text).not.toMatch(/uptime \(30 days\)/);
    expect(text).not.toContain(FIXTURE_SECRET);
    const bars = await page.$$eval('.bar', (els) => els.map((e) => ({ segments: e.children.length, label: e.getAttribute('aria-label'), width: e.getBoundingClientRect().width })));
    expect(bars).toHaveLength(6);
    for (const b of bars) {
      expect(b.segments).toBe(90);
      expect(b.label).toMatch(/uptime over the last 90 days/);
      expect(b.width).toBeGreaterThan(300);
    }
    const badDay = await page.$$eval('.bar span.partial, .bar span.down', (els) => els.map((e) => e.getAttribute('title')));
    // Service 1's bad day, and today for Service 2 (its open incident).
    expect(badDay).toEqual([expect.stringMatching(/: 87\.50% uptime, 1 incident$/), expect.stringMatching(/: 100\.00% uptime, 1 incident$/)]);
    await page.close();
  });

  it('looks right in light and dark, and at 380 px without horizontal scrolling; axe finds nothing serious', async () => {
    const light = await open({ width: 1200 });
    const lightStats = await shoot(light, 'status-light');
    expect(lightStats.distinctColours).toBeGreaterThan(20);
    expect(lightStats.inked).toBeGreaterThan(0.02);
    expect(lightStats.luminance).toBeGreaterThan(0.7);
    expect(await noHorizontalScroll(light)).toBe(true);
    expect(await seriousViolations(light)).toEqual([]);
    await light.close();

    const dark = await open({ width: 1200, dark: true });
    const darkStats = await shoot(dark, 'status-dark');
    expect(darkStats.distinctColours).toBeGreaterThan(20);
    expect(darkStats.inked).toBeGreaterThan(0.02);
    expect(darkStats.luminance).toBeLessThan(0.3);
    expect(await seriousViolations(dark)).toEqual([]);
    await dark.close();

    const narrow = await open({ width: 380 });
    const narrowStats = await shoot(narrow, 'status-380px');
    expect(narrowStats.distinctColours).toBeGreaterThan(20);
    expect(narrowStats.inked).toBeGreaterThan(0.02);
    expect(await noHorizontalScroll(narrow)).toBe(true);
    const barWidth = await narrow.$eval('.bar', (e) => e.getBoundingClientRect().right);
    expect(barWidth).toBeLessThanOrEqual(380);
    // A narrow screen shows the last 30 days, wide enough to tell apart.
    const shown = await narrow.$eval('.bar', (bar) => [...bar.children].filter((e) => e.getBoundingClientRect().width > 0).length);
    expect(shown).toBe(30);
    // ... and the figure next to it is those 30 days' uptime, not the 90 days' it cannot see.
    const legend = String(await narrow.evaluate("document.querySelector('.legend').innerText"));
    expect(legend).toMatch(/uptime \(30 days\)/);
    expect(legend).not.toMatch(/90 days/);
    expect(await seriousViolations(narrow)).toEqual([]);
    await narrow.close();
  });
});
