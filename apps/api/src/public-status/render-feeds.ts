import { escapeHtml as e } from '@vigil/core';
import type { IncidentView, PageModel } from './page-model.js';

function incidentJson(i: IncidentView) {
  return {
    id: i.id,
    title: i.title,
    status: i.status,
    open: i.open,
    started_at: i.startedAt.toISOString(),
    resolved_at: i.resolvedAt?.toISOString() ?? null,
    duration_seconds: i.durationSeconds,
    updated_at: i.updatedAt.toISOString(),
    updates: i.updates.map((u) => ({ status: u.status, message: u.message, created_at: u.at.toISOString() })),
  };
}

/** GET /status/{slug}.json: what the page shows, as data. */
export function renderPageJson(m: PageModel, pageUrl: string) {
  return {
    page: { title: m.title, description: m.description, url: pageUrl, updated_at: m.generatedAt.toISOString() },
    status: { indicator: m.overall, description: m.overallText },
    sections: m.sections.map((s) => ({
      title: s.title,
      monitors: s.monitors.map((x) => ({
        name: x.name,
        status: x.state,
        uptime_90d: x.uptime90d,
        ...(m.showUptimeBars ? { days: x.days.map((d) => ({ date: d.date, uptime: d.uptime, incidents: d.incidents })) } : {}),
      })),
      domains: s.domains.map((d) => ({ name: d.name, ssl_grade: d.sslGrade, days_until_expiry: d.daysToExpiry, status: d.state })),
    })),
    active_incidents: m.active.map(incidentJson),
    recent_incidents: m.recent.map(incidentJson),
    scheduled_maintenance: m.maintenance.map((x) => ({ title: x.title, starts_at: x.startsAt.toISOString(), ends_at: x.endsAt.toISOString(), message: x.message })),
  };
}

/** An Atom feed of the page's current and recent incidents and notices, newest change first. */
export function renderPageAtom(m: PageModel, pageUrl: string, feedUrl: string): string {
  const entries = [...m.active, ...m.recent].sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime());
  const updated = entries[0]?.updatedAt ?? m.generatedAt;
  const entry = (i: IncidentView) => {
    const lines = [`Status: ${i.status}`, `Started: ${i.startedAt.toISOString()}`, ...(i.resolvedAt ? [`Resolved: ${i.resolvedAt.toISOString()}`] : [])];
    for (const u of i.updates) lines.push(`${u.at.toISOString()} ${u.status}: ${u.message}`);
    return `<entry><id>${e(`${pageUrl}#${i.id}`)}</id><title>${e(`${i.title} (${i.status})`)}</title><updated>${i.updatedAt.toISOString()}</updated><published>${i.startedAt.toISOString()}</published><link rel="alternate" type="text/html" href="${e(`${pageUrl}#${i.id}`)}"/><content type="text">${e(lines.join('\n'))}</content></entry>`;
  };
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><id>${e(pageUrl)}</id><title>${e(`${m.title} incidents`)}</title><updated>${updated.toISOString()}</updated><author><name>${e(m.title)}</name></author><link rel="self" type="application/atom+xml" href="${e(feedUrl)}"/><link rel="alternate" type="text/html" href="${e(pageUrl)}"/>
${entries.map(entry).join('\n')}
</feed>`;
}
