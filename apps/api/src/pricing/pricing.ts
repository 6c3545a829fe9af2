import { escapeHtml, TIERS, type TierTable } from '@vigil/core';
import { Type, type Static } from '@sinclair/typebox';
import { StringEnum } from '../http/schema.js';
import { fullPlanLimits, FullPlanLimitsSchema } from '../usage/plan-limits.js';

export const PricingSchema = Type.Object({
  currency: Type.String({ examples: ['usd'] }),
  tiers: Type.Array(
    Type.Object({
      name: StringEnum(TIERS),
      monthly_price_cents: Type.Integer(),
      limits: FullPlanLimitsSchema,
    }),
  ),
});
export type PricingTable = Static<typeof PricingSchema>;
type PlanLimits = PricingTable['tiers'][number]['limits'];

/** The plans as GET /pricing shows them: the same tier table the limits are enforced from. */
export function pricingTable(tiers: TierTable): PricingTable {
  return {
    currency: 'usd',
    tiers: TIERS.map((name) => ({
      name,
      monthly_price_cents: tiers[name].monthlyPriceCents,
      limits: fullPlanLimits(tiers[name]),
    })),
  };
}

function count(n: number | null): string {
  return n === null ? 'unlimited' : n.toLocaleString('en-US');
}

function interval(seconds: number): string {
  return seconds < 3600 ? `${seconds / 60} min` : `${seconds / 3600} h`;
}

function price(cents: number): string {
  return cents === 0 ? 'free' : `$${(cents / 100).toFixed(cents % 100 ? 2 : 0)}/month`;
}

const ROWS: { label: string; show(l: PlanLimits): string }[] = [
  { label: 'Uptime monitors', show: (l) => (l.uptime_monitoring ? count(l.monitors) : 'not included') },
  { label: 'Check intervals', show: (l) => (l.check_intervals.length ? l.check_intervals.map(interval).join(', ') : '—') },
  { label: 'Monitored domains', show: (l) => count(l.domains) },
  { label: 'Domain scan frequencies', show: (l) => l.monitoring_frequencies.join(', ') },
  { label: 'Concurrent scans', show: (l) => count(l.concurrent_scans) },
  { label: 'API requests per day', show: (l) => count(l.requests_per_day) },
  { label: 'API requests per minute', show: (l) => count(l.requests_per_minute) },
  { label: 'Header checks per day', show: (l) => count(l.header_checks_per_day) },
  { label: 'Public status pages', show: (l) => count(l.status_pages) },
];

/** A small self-contained page (no external assets) of the same table, for people. */
export function pricingPage(table: PricingTable): string {
  const head = table.tiers
    .map((t) => `<th scope="col">${escapeHtml(t.name)}<br><span class="price">${escapeHtml(price(t.monthly_price_cents))}</span></th>`)
    .join('');
  const body = ROWS.map(
    (row) => `<tr><th scope="row">${escapeHtml(row.label)}</th>${table.tiers.map((t) => `<td>${escapeHtml(row.show(t.limits))}</td>`).join('')}</tr>`,
  ).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Vigil plans</title>
<style>
body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#1b1f24;background:#fff}
table{border-collapse:collapse;width:100%}th,td{padding:.5rem;border-bottom:1px solid #d0d7de;text-align:left}
thead th{text-transform:capitalize}.price{font-weight:normal;color:#424a53}a{color:#0550ae}
@media (prefers-color-scheme:dark){body{color:#e6edf3;background:#0d1117}th,td{border-color:#30363d}.price{color:#9da7b3}a{color:#58a6ff}}
</style>
</head>
<body>
<main>
<h1>Vigil plans</h1>
<p>Prices in US dollars a month. The API enforces exactly these limits (<a href="pricing?format=json">as JSON</a>).</p>
<table>
<thead><tr><td></td>${head}</tr></thead>
<tbody>
${body}
</tbody>
</table>
</main>
</body>
</html>
`;
}
