import { domainState } from '../domains/domain-state.js';
import { barDays, buildPageModel, dayLevel, daysToExpiry, monitorState, type PageRows } from './page-model.js';
import { renderPageHtml } from './render-html.js';

const NOW = new Date('2026-03-10T15:30:00Z');
const DAY = 86_400_000;

function rows(over: Partial<PageRows> = {}): PageRows {
  return {
    page: { slug: 's', title: 'T', description: null, theme: 'auto', showUptimeBars: true, sections: [{ title: 'A', monitor_ids: [1, 2, 99], domain_ids: [7] }] },
    monitors: [
      { id: 1, name: 'One', status: 'up', isActive: true },
      { id: 2, name: 'Two', status: 'up', isActive: true },
    ],
    days: [],
    incidents: [],
    incidentDays: [],
    updates: [],
    domains: [{ id: 7, hostname: 'a.example', port: 8443, isActive: true, sslGrade: 'A', certValidTo: new Date(NOW.getTime() + 40 * DAY), trusted: true }],
    notices: [],
    maintenance: [],
    underMaintenance: [],
    ...over,
  };
}

describe('barDays', () => {
  it('is 90 UTC days ending today, oldest first, across month and year ends', () => {
    const days = barDays(NOW);
    expect(days).toHaveLength(90);
    expect(days[89]).toBe('2026-03-10');
    expect(days[0]).toBe('2025-12-11');
    expect(barDays(new Date('2024-03-01T00:00:00Z'))[88]).toBe('2024-02-29');
  });
});

describe('dayLevel', () => {
  it.each([
    [null, 0, 'none'],
    [null, 1, 'partial'],
    [100, 0, 'up'],
    [99.9, 0, 'up'],
    [100, 2, 'partial'],
    [99.89, 0, 'partial'],
    [95, 0, 'partial'],
    [94.99, 0, 'down'],
    [0, 0, 'down'],
  ] as const)('uptime %s with %s incidents is %s', (uptime, incidents, level) => {
    expect(dayLevel(uptime, incidents)).toBe(level);
  });
});

describe('small judgements', () => {
  it('maps monitor states to what the public reads', () => {
    expect(monitorState('up', true)).toBe('operational');
    expect(monitorState('down', true)).toBe('down');
    expect(monitorState('degraded', true)).toBe('degraded');
    expect(monitorState('pending', true)).toBe('pending');
    expect(monitorState('paused', true)).toBe('paused');
    expect(monitorState('down', false)).toBe('paused');
  });

  it('counts whole days to certificate expiry and judges them', () => {
    expect(daysToExpiry(null, NOW)).toBeNull();
    expect(daysToExpiry(new Date(NOW.getTime() + 5 * DAY + 1), NOW)).toBe(5);
    expect(daysToExpiry(new Date(NOW.getTime() - 1), NOW)).toBe(-1);
    const expiry = (days: number | null) => domainState({ sslGrade: 'A', daysToExpiry: days, trusted: true });
    expect(expiry(null).expiry).toBe('unknown');
    expect(expiry(-1)).toMatchObject({ expiry: 'expired', level: 'critical' });
    expect(expiry(0)).toMatchObject({ expiry: 'expiring', level: 'critical' });
    expect(expiry(14)).toMatchObject({ expiry: 'expiring', level: 'warning' });
    expect(expiry(15)).toMatchObject({ expiry: 'ok', level: 'ok' });
  });

  it('judges a domain by the worst of grade, trust and expiry', () => {
    expect(domainState({ sslGrade: 'F', daysToExpiry: 200, trusted: true })).toMatchObject({ level: 'critical', grade: 'critical', certificate: 'ok' });
    expect(domainState({ sslGrade: 'A', daysToExpiry: 200, trusted: false })).toMatchObject({ level: 'critical', certificate: 'critical', untrusted: true });
    expect(domainState({ sslGrade: 'C', daysToExpiry: 200, trusted: true }).level).toBe('warning');
    expect(domainState({ sslGrade: null, daysToExpiry: null, trusted: null }).level).toBe('unknown');
    expect(domainState({ sslGrade: null, daysToExpiry: 200, trusted: true }).level).toBe('ok');
  });
});

describe('buildPageModel', () => {
  it('gives narrow screens (30-day bar) the 30-day figure next to it, wide screens the 90-day one', () => {
    // 60 days ago: a bad day only the 90-day bar shows; the last 30 days are all up.
    const m = buildPageModel(rows({ days: [
      { monitorId: 1, day: '2026-01-09', total: 100, successful: 0 },
      { monitorId: 1, day: '2026-03-10', total: 100, successful: 100 },
    ] }), NOW);
    const one = m.sections[0].monitors[0];
    expect(one).toMatchObject({ uptime90d: 50, uptime30d: 100 });
    const html = renderPageHtml(m, { json: '/j', feed: '/f' });
    expect(html).toContain('<span class="l90">50.00% uptime (90 days)</span><span class="l30">100.00% uptime (30 days)</span>');
    // The narrow rule hides exactly the bar's first 60 days and the 90-day figure, and shows the 30-day one.
    const narrow = /@media \(max-width:600px\)\{(.*)\}/.exec(html)?.[1] ?? '';
    expect(narrow).toContain('.bar span:nth-child(-n+60){display:none}');
    expect(narrow).toContain('.l90{display:none}.l30{display:inline}');
    expect(html).toContain('.l30{display:none}');
  });

  it('lists sections in order, skipping ids that are gone, with 90-day uptime from daily sums', () => {
    const m = buildPageModel(
      rows({
        days: [
          { monitorId: 1, day: '2026-03-09', total: 100, successful: 50 },
          { monitorId: 1, day: '2026-03-10', total: 100, successful: 100 },
          { monitorId: 1, day: '2025-01-01', total: 100, successful: 0 },
        ],
      }),
      NOW,
    );
    const [one, two] = m.sections[0].monitors;
    expect(m.sections[0].monitors).toHaveLength(2);
    expect(one.uptime90d).toBe(75);
    expect(one.days[88]).toEqual({ date: '2026-03-09', uptime: 50, incidents: 0, level: 'down' });
    expect(one.days[89].level).toBe('up');
    expect(two.uptime90d).toBeNull();
    expect(m.sections[0].domains).toEqual([
      { name: 'a.example:8443', sslGrade: 'A', daysToExpiry: 40, trusted: true, state: { level: 'ok', grade: 'ok', certificate: 'ok', expiry: 'ok', untrusted: false } },
    ]);
    expect(m.overall).toBe('operational');
  });

  it('shows a monitor under maintenance as such, and leaves it out of the overall state', () => {
    const m = buildPageModel(rows({ monitors: [{ id: 1, name: 'One', status: 'down', isActive: true }], underMaintenance: [1] }), NOW);
    expect(m.sections[0].monitors[0].state).toBe('maintenance');
    expect(m.overall).toBe('operational');
    expect(monitorState('down', true, true)).toBe('maintenance');
    expect(monitorState('paused', true, true)).toBe('paused');
  });

  it('judges the overall state from the shown monitors and expired certificates', () => {
    expect(buildPageModel(rows({ monitors: [{ id: 1, name: 'One', status: 'degraded', isActive: true }] }), NOW).overall).toBe('degraded');
    expect(buildPageModel(rows({ monitors: [{ id: 1, name: 'One', status: 'down', isActive: true }] }), NOW).overallText).toBe('Some systems are down');
    expect(buildPageModel(rows({ monitors: [{ id: 1, name: 'One', status: 'down', isActive: false }] }), NOW).overall).toBe('operational');
    const expired = rows({ domains: [{ id: 7, hostname: 'a.example', port: 443, isActive: true, sslGrade: 'F', certValidTo: new Date(NOW.getTime() - DAY), trusted: false }] });
    expect(buildPageModel(expired, NOW).overall).toBe('degraded');
  });

  it('shows a grade F, untrusted certificate in the critical colour and says it is untrusted (as its badges do)', () => {
    const bad = rows({ domains: [{ id: 7, hostname: 'a.example', port: 443, isActive: true, sslGrade: 'F', certValidTo: new Date(NOW.getTime() + 200 * DAY), trusted: false }] });
    const m = buildPageModel(bad, NOW);
    expect(m.sections[0].domains[0].state).toMatchObject({ level: 'critical', expiry: 'ok', untrusted: true });
    const html = renderPageHtml(m, { json: '/j', feed: '/f' });
    expect(html).toContain('<span class="state s-critical">TLS grade F</span>');
    expect(html).toContain('Certificate not trusted · Certificate expires in 200 days');
    expect(html).toMatch(/\.s-down,\.s-critical\{color:var\(--down\)\}/);
  });

  it('tells incidents by their latest update, shows the days their counts touch, and keeps resolved ones 14 days', () => {
    const m = buildPageModel(
      rows({
        incidents: [
          { id: 10, monitorId: 2, status: 'open', startedAt: new Date(NOW.getTime() - 3_600_000), resolvedAt: null, durationSeconds: null },
          { id: 11, monitorId: 1, status: 'resolved', startedAt: new Date('2026-03-08T23:00:00Z'), resolvedAt: new Date('2026-03-09T01:00:00Z'), durationSeconds: 7200 },
          { id: 12, monitorId: 1, status: 'resolved', startedAt: new Date('2026-02-01T00:00:00Z'), resolvedAt: new Date('2026-02-01T01:00:00Z'), durationSeconds: 3600 },
        ],
        incidentDays: [
          { monitorId: 1, day: '2026-03-08', incidents: 1 },
          { monitorId: 1, day: '2026-03-09', incidents: 3 },
          { monitorId: 2, day: '2026-03-10', incidents: 1 },
        ],
        updates: [
          { incidentId: 10, status: 'monitoring', message: 'fix deployed', createdAt: new Date(NOW.getTime() - 60_000) },
          { incidentId: 10, status: 'identified', message: 'found it', createdAt: new Date(NOW.getTime() - 120_000) },
        ],
        notices: [{ id: 3, title: 'Provider outage', status: 'investigating', message: 'm', createdAt: new Date(NOW.getTime() - 1000), updatedAt: new Date(NOW.getTime() - 1000) }],
      }),
      NOW,
    );
    expect(m.active.map((i) => [i.id, i.title, i.status])).toEqual([
      ['notice-3', 'Provider outage', 'investigating'],
      ['incident-10', 'Two is down', 'monitoring'],
    ]);
    expect(m.active[1].updates.map((u) => u.message)).toEqual(['found it', 'fix deployed']);
    expect(m.recent.map((i) => [i.id, i.title, i.status])).toEqual([['incident-11', 'One was down', 'resolved']]);
    const days = m.sections[0].monitors[0].days;
    expect(days[86]).toMatchObject({ incidents: 0, level: 'none' });
    expect(days[87].incidents).toBe(1);
    expect(days[88].incidents).toBe(3);
    expect(days[88].level).toBe('partial');
    expect(days[89].incidents).toBe(0);
    expect(m.sections[0].monitors[1].days[89].incidents).toBe(1);
    expect(m.sections[0].monitors[1].days[88].incidents).toBe(0);
  });
});
