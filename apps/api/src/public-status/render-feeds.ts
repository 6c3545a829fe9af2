import { Type, type Static } from '@sinclair/typebox';
import { escapeHtml as e, INCIDENT_UPDATE_STATUSES } from '@vigil/core';
import { compileSerializer, assertSerializedAsIs } from '../http/serialize.js';
import { DateTime, DateTimeOrNull, Nullable, StringEnum } from '../http/schema.js';
import type { IncidentView, PageModel } from './page-model.js';

const UpdateStatus = StringEnum(INCIDENT_UPDATE_STATUSES);

const PublicIncidentSchema = Type.Object({
  id: Type.String({ description: "The incident's id, or notice-{id} for a notice", examples: ['4711', 'notice-12'] }),
  title: Type.String(),
  status: StringEnum(INCIDENT_UPDATE_STATUSES, { description: "What people were last told: the latest update's status, else investigating or resolved" }),
  open: Type.Boolean(),
  started_at: DateTime(),
  resolved_at: DateTimeOrNull(),
  duration_seconds: Nullable(Type.Integer()),
  updated_at: DateTime(),
  updates: Type.Array(Type.Object({ status: UpdateStatus, message: Type.String(), created_at: DateTime() })),
});

/** GET /status/{slug}.json (and /index.json on a custom hostname). */
export const PublicStatusPageSchema = Type.Object({
  page: Type.Object({ title: Type.String(), description: Nullable(Type.String()), url: Type.String({ format: 'uri' }), updated_at: DateTime() }),
  status: Type.Object({ indicator: StringEnum(['operational', 'degraded', 'outage']), description: Type.String({ examples: ['All systems operational'] }) }),
  sections: Type.Array(
    Type.Object({
      title: Type.String(),
      monitors: Type.Array(
        Type.Object({
          name: Type.String(),
          status: StringEnum(['operational', 'degraded', 'down', 'maintenance', 'paused', 'pending']),
          uptime_90d: Nullable(Type.Number(), { description: 'Percent over the last 90 days; null without checks' }),
          days: Type.Optional(
            Type.Array(Type.Object({ date: Type.String({ format: 'date' }), uptime: Nullable(Type.Number()), incidents: Type.Integer() }), {
              description: 'The last 90 UTC days, oldest first; present when the page shows uptime bars',
            }),
          ),
        }),
      ),
      domains: Type.Array(
        Type.Object({
          name: Type.String({ description: 'hostname, with :port when not 443' }),
          ssl_grade: Nullable(Type.String()),
          days_until_expiry: Nullable(Type.Integer()),
          status: StringEnum(['ok', 'expiring', 'expired', 'unknown'], { description: 'What the certificate dates say (expiring: within 14 days)' }),
          trusted: Nullable(Type.Boolean(), { description: "The latest scan's verdict on the certificate chain; null before one" }),
          level: StringEnum(['ok', 'warning', 'critical', 'unknown'], {
            description: 'The worst of TLS grade, trust and expiry: what the page and the badges show (critical: grade F, untrusted, expired or within 7 days)',
          }),
        }),
      ),
    }),
  ),
  active_incidents: Type.Array(PublicIncidentSchema, { description: 'Open incidents and unresolved notices, newest first' }),
  recent_incidents: Type.Array(PublicIncidentSchema, { description: 'Resolved in the last 14 days, newest first: at most 50 incidents (the newest started), and the notices' }),
  scheduled_maintenance: Type.Array(Type.Object({ title: Type.String(), starts_at: DateTime(), ends_at: DateTime(), message: Type.String() })),
});

const WHERE = 'GET /status/:slug.json 200';
const serializePage = compileSerializer(PublicStatusPageSchema, WHERE);

/** The page's JSON body through its schema; `check` (tests) compares it with JSON.stringify's. */
export function pageJsonBody(m: PageModel, pageUrl: string, check: boolean): string {
  const body = renderPageJson(m, pageUrl);
  const text = serializePage(body);
  if (check) assertSerializedAsIs(WHERE, body, text);
  return text;
}

function incidentJson(i: IncidentView): Static<typeof PublicIncidentSchema> {
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
export function renderPageJson(m: PageModel, pageUrl: string): Static<typeof PublicStatusPageSchema> {
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
      domains: s.domains.map((d) => ({ name: d.name, ssl_grade: d.sslGrade, days_until_expiry: d.daysToExpiry, status: d.state.expiry, trusted: d.trusted, level: d.state.level })),
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
