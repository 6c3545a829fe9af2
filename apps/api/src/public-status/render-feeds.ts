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

const ts = { type: 'string', format: 'date-time' };
const UPDATE_STATUS = { type: 'string', enum: ['investigating', 'identified', 'monitoring', 'resolved'] };
const INCIDENT = {
  type: 'object',
  required: ['id', 'title', 'status', 'open', 'started_at', 'resolved_at', 'duration_seconds', 'updated_at', 'updates'],
  properties: {
    id: { type: 'string', description: 'The incident\'s id, or notice-{id} for a notice', examples: ['4711', 'notice-12'] },
    title: { type: 'string' },
    status: { ...UPDATE_STATUS, description: 'What people were last told: the latest update\'s status, else investigating or resolved' },
    open: { type: 'boolean' },
    started_at: ts,
    resolved_at: { type: ['string', 'null'], format: 'date-time' },
    duration_seconds: { type: ['integer', 'null'] },
    updated_at: ts,
    updates: {
      type: 'array',
      items: { type: 'object', required: ['status', 'message', 'created_at'], properties: { status: UPDATE_STATUS, message: { type: 'string' }, created_at: ts }, additionalProperties: false },
    },
  },
  additionalProperties: false,
};

/** The schema of renderPageJson(): GET /status/{slug}.json documents its 200 with it. */
export const STATUS_PAGE_JSON_SCHEMA = {
  type: 'object',
  required: ['page', 'status', 'sections', 'active_incidents', 'recent_incidents', 'scheduled_maintenance'],
  properties: {
    page: {
      type: 'object',
      required: ['title', 'description', 'url', 'updated_at'],
      properties: { title: { type: 'string' }, description: { type: ['string', 'null'] }, url: { type: 'string', format: 'uri' }, updated_at: ts },
      additionalProperties: false,
    },
    status: {
      type: 'object',
      required: ['indicator', 'description'],
      properties: { indicator: { type: 'string', enum: ['operational', 'degraded', 'outage'] }, description: { type: 'string', examples: ['All systems operational'] } },
      additionalProperties: false,
    },
    sections: {
      type: 'array',
      items: {
        type: 'object',
        required: ['title', 'monitors', 'domains'],
        properties: {
          title: { type: 'string' },
          monitors: {
            type: 'array',
            items: {
              type: 'object',
              required: ['name', 'status', 'uptime_90d'],
              properties: {
                name: { type: 'string' },
                status: { type: 'string', enum: ['operational', 'degraded', 'down', 'maintenance', 'paused', 'pending'] },
                uptime_90d: { type: ['number', 'null'], description: 'Percent over the last 90 days; null without checks' },
                days: {
                  type: 'array',
                  description: 'With show_uptime_bars: the last 90 UTC days, oldest first',
                  items: {
                    type: 'object',
                    required: ['date', 'uptime', 'incidents'],
                    properties: { date: { type: 'string', format: 'date' }, uptime: { type: ['number', 'null'] }, incidents: { type: 'integer', minimum: 0 } },
                    additionalProperties: false,
                  },
                },
              },
              additionalProperties: false,
            },
          },
          domains: {
            type: 'array',
            items: {
              type: 'object',
              required: ['name', 'ssl_grade', 'days_until_expiry', 'status'],
              properties: {
                name: { type: 'string', description: 'hostname, with :port when not 443' },
                ssl_grade: { type: ['string', 'null'] },
                days_until_expiry: { type: ['integer', 'null'] },
                status: { type: 'string', enum: ['ok', 'expiring', 'expired', 'unknown'] },
              },
              additionalProperties: false,
            },
          },
        },
        additionalProperties: false,
      },
    },
    active_incidents: { type: 'array', description: 'Open incidents and unresolved notices, newest first', items: INCIDENT },
    recent_incidents: { type: 'array', description: 'Resolved recently, newest first', items: INCIDENT },
    scheduled_maintenance: {
      type: 'array',
      items: {
        type: 'object',
        required: ['title', 'starts_at', 'ends_at', 'message'],
        properties: { title: { type: 'string' }, starts_at: ts, ends_at: ts, message: { type: 'string' } },
        additionalProperties: false,
      },
    },
  },
  additionalProperties: false,
};

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
