import { buildPageModel, type PageRows } from './page-model.js';
import { renderPageAtom, renderPageJson } from './render-feeds.js';
import { renderPageHtml } from './render-html.js';

const NOW = new Date('2026-03-10T15:30:00Z');
const rows: PageRows = {
  page: { slug: 's', title: 'A <b>"T"</b>', description: 'd & e', theme: 'dark', showUptimeBars: false, sections: [{ title: '<S>', monitor_ids: [1], domain_ids: [] }] },
  monitors: [{ id: 1, name: '<img src=x>', status: 'down', isActive: true }],
  days: [],
  incidents: [{ id: 5, monitorId: 1, status: 'open', startedAt: new Date(NOW.getTime() - 60_000), resolvedAt: null, durationSeconds: null }],
  incidentDays: [{ monitorId: 1, day: '2026-03-10', incidents: 1 }],
  updates: [{ incidentId: 5, status: 'identified', message: '</article><script>x</script>', createdAt: NOW }],
  domains: [],
  notices: [],
  maintenance: [{ title: 'DB upgrade', startsAt: NOW, endsAt: new Date(NOW.getTime() + 3_600_000), message: 'Short blip' }],
  underMaintenance: [],
};

describe('renderers', () => {
  const model = buildPageModel(rows, NOW);

  it('escapes everything the owner typed and keeps the theme and landmarks', () => {
    const html = renderPageHtml(model, { json: '/status/s.json', feed: '/status/s/feed.atom' });
    expect(html).toContain('<html lang="en" data-theme="dark">');
    expect(html).toContain('<title>A &lt;b&gt;&quot;T&quot;&lt;/b&gt; status</title>');
    expect(html).toContain('&lt;img src=x&gt;');
    expect(html).toContain('&lt;/article&gt;&lt;script&gt;x&lt;/script&gt;');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toMatch(/<main id="main">/);
    expect(html).toContain('<h2 id="maintenance">Scheduled maintenance</h2>');
    expect(html).toContain('<span class="label">In progress</span>');
    expect(html).not.toContain('class="bar"');
  });

  it('JSON leaves out the bars when the page hides them', () => {
    const json = renderPageJson(model, 'http://x/status/s');
    expect(json.sections[0].monitors[0]).toEqual({ name: '<img src=x>', status: 'down', uptime_90d: null });
    expect(json.scheduled_maintenance).toHaveLength(1);
  });

  it('the Atom feed is well-formed text with escaped content', () => {
    const atom = renderPageAtom(model, 'http://x/status/s', 'http://x/status/s/feed.atom');
    expect(atom).toContain('<id>http://x/status/s#incident-5</id>');
    expect(atom).toContain('identified: &lt;/article&gt;&lt;script&gt;x&lt;/script&gt;');
    expect(atom).toContain(`<updated>${NOW.toISOString()}</updated>`);
  });
});
