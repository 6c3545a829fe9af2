import { escapeHtml as e } from '@vigil/core';
import type { DayView, DomainView, IncidentView, MaintenanceView, MonitorView, PageModel, PublicMonitorState } from './page-model.js';
import { PAGE_CSS } from './page-style.js';

const STATE_TEXT: Record<PublicMonitorState, string> = {
  operational: 'Operational',
  degraded: 'Degraded performance',
  down: 'Down',
  maintenance: 'Under maintenance',
  paused: 'Not monitored',
  pending: 'No data yet',
};

/** Where a page's siblings live: /status/{slug}{.json,/feed.atom}, or /index.json and /feed.atom on a custom hostname. */
export interface PageLinks {
  json: string;
  feed: string;
}

function when(at: Date): string {
  const text = `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return `<time datetime="${at.toISOString()}">${text}</time>`;
}

function duration(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const m = Math.round(seconds / 60);
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  return m % 60 ? `${h} h ${m % 60} min` : `${h} h`;
}

function pct(value: number | null): string {
  return value === null ? 'no data' : `${value.toFixed(2)}%`;
}

function dayTitle(d: DayView): string {
  const incidents = d.incidents === 0 ? 'no incidents' : d.incidents === 1 ? '1 incident' : `${d.incidents} incidents`;
  return `${d.date}: ${d.uptime === null ? 'no data' : `${pct(d.uptime)} uptime`}, ${incidents}`;
}

function bar(m: MonitorView): string {
  const segments = m.days.map((d) => `<span class="${d.level}" title="${dayTitle(d)}"></span>`).join('');
  const bad = m.days.filter((d) => d.level === 'down' || d.level === 'partial').length;
  const label = `${m.name}: ${pct(m.uptime90d)} uptime over the last 90 days; ${bad} ${bad === 1 ? 'day' : 'days'} with downtime`;
  // Narrow screens show the last 30 days of the bar (page-style.ts), and the figure of those 30 days with it.
  const figure = `<span class="l90">${pct(m.uptime90d)} uptime (90 days)</span><span class="l30">${pct(m.uptime30d)} uptime (30 days)</span>`;
  return `<div class="bar" role="img" aria-label="${e(label)}">${segments}</div><div class="legend" aria-hidden="true"><span><span class="l90">90 days ago</span><span class="l30">30 days ago</span></span><span>${figure}</span><span>Today</span></div>`;
}

function monitorItem(m: MonitorView, bars: boolean): string {
  return `<li><div class="row"><h3>${e(m.name)}</h3><span class="state s-${m.state}">${STATE_TEXT[m.state]}</span></div>${bars ? bar(m) : ''}</li>`;
}

function domainItem(d: DomainView): string {
  const expiry =
    d.daysToExpiry === null ? 'Certificate not checked yet' : d.daysToExpiry < 0 ? 'Certificate expired' : `Certificate expires in ${d.daysToExpiry} ${d.daysToExpiry === 1 ? 'day' : 'days'}`;
  const grade = d.sslGrade ? `TLS grade ${e(d.sslGrade)}` : 'TLS grade pending';
  const facts = d.state.untrusted ? `Certificate not trusted · ${expiry}` : expiry;
  return `<li><div class="row"><h3>${e(d.name)}</h3><span class="state s-${d.state.level}">${grade}</span></div><p class="facts">${facts}</p></li>`;
}

function incident(i: IncidentView): string {
  const span = i.resolvedAt
    ? `Started ${when(i.startedAt)}, resolved ${when(i.resolvedAt)}${i.durationSeconds !== null ? ` (${duration(i.durationSeconds)})` : ''}`
    : `Started ${when(i.startedAt)}`;
  const updates = i.updates.length
    ? `<ol class="updates">${[...i.updates].reverse().map((u) => `<li><span class="label">${u.status}</span> · ${when(u.at)}<br>${e(u.message)}</li>`).join('')}</ol>`
    : '';
  return `<article class="incident" id="${i.id}"><h3>${e(i.title)}</h3><p class="meta"><span class="label">${i.status}</span> · ${span}</p>${updates}</article>`;
}

function maintenance(m: MaintenanceView, now: Date): string {
  const state = m.startsAt <= now ? 'In progress' : 'Scheduled';
  return `<article class="incident"><h3>${e(m.title)}</h3><p class="meta"><span class="label">${state}</span> · ${when(m.startsAt)} to ${when(m.endsAt)}</p>${m.message ? `<p>${e(m.message)}</p>` : ''}</article>`;
}

function block(id: string, title: string, body: string): string {
  return `<section aria-labelledby="${id}"><h2 id="${id}">${title}</h2>${body}</section>`;
}

/** The whole page: semantic, readable without JavaScript (there is none), one inline stylesheet. */
export function renderPageHtml(m: PageModel, links: PageLinks): string {
  const parts: string[] = [];
  parts.push(
    `<section class="overall overall-${m.overall}" aria-labelledby="overall"><h2 id="overall">${m.overallText}</h2><p>Updated ${when(m.generatedAt)}</p></section>`,
  );
  if (m.active.length) parts.push(block('active', 'Current incidents', m.active.map(incident).join('')));
  if (m.maintenance.length) parts.push(block('maintenance', 'Scheduled maintenance', m.maintenance.map((x) => maintenance(x, m.generatedAt)).join('')));
  m.sections.forEach((s, n) => {
    const items = [...s.monitors.map((x) => monitorItem(x, m.showUptimeBars)), ...s.domains.map(domainItem)];
    parts.push(block(`section-${n + 1}`, e(s.title), items.length ? `<ul class="items">${items.join('')}</ul>` : '<p class="empty">Nothing to show yet.</p>'));
  });
  parts.push(block('recent', 'Recent incidents', m.recent.length ? m.recent.map(incident).join('') : '<p class="empty">No incidents in the last 14 days.</p>'));
  return `<!doctype html>
<html lang="en" data-theme="${m.theme}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(m.title)} status</title>${m.description ? `<meta name="description" content="${e(m.description)}">` : ''}
<meta name="color-scheme" content="${m.theme === 'auto' ? 'light dark' : m.theme}">
<link rel="alternate" type="application/atom+xml" title="${e(m.title)} incidents" href="${e(links.feed)}">
<style>${PAGE_CSS}</style></head>
<body><a class="skip" href="#main">Skip to content</a><div class="wrap">
<header><h1>${e(m.title)}</h1>${m.description ? `<p>${e(m.description)}</p>` : ''}</header>
<main id="main">${parts.join('\n')}</main>
<footer><p>Times in UTC. <a href="${e(links.feed)}">Atom feed of incidents</a> · <a href="${e(links.json)}">JSON</a> · Powered by Vigil</p></footer>
</div></body></html>`;
}

/** The plain 404 page of a private, deleted or unknown status page. */
export const NOT_FOUND_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Status page not found</title>
<style>body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#fff;color:#1f2328}main{max-width:640px;margin:0 auto;padding:48px 16px}</style></head>
<body><main><h1>Status page not found</h1><p>There is no public status page at this address.</p></main></body></html>`;
