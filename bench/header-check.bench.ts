/**
 * Header check: the server-side cost of one check beyond the target's own response time.
 * A loopback target answers at once; each round times checkHeaders (guarded agents, manual
 * redirect walk, grading, Observatory tests) against a bare got GET of the same URL with a
 * fresh agent (no keep-alive, like the check), which reads the whole body too. Reports
 * medians over many rounds, plus the pure grading cost alone. A third target serves a large
 * HTML page, whose scripts the check reads for Subresource Integrity.
 */
import http from 'node:http';
import https from 'node:https';
import { performance } from 'node:perf_hooks';
import { got } from 'got';
import type { OutboundPolicy } from '@vigil/core';
import type { BenchResult } from './run.js';
import { checkHeaders, gradeHeaders } from '../apps/scanner/src/headers/index.js';
import { respondWith, selfSignedCertificate, startHttpServer, startHttpsServer } from '../apps/scanner/src/headers/testing/servers.js';

const ROUNDS = 300;
const WARMUP = 30;
const POLICY: OutboundPolicy = { allowPrivate: true, dnsServers: [] };

const HEADERS = {
  'Content-Security-Policy': "default-src 'self'; script-src 'self' 'nonce-abc'; frame-ancestors 'none'",
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), geolocation=()',
  'Set-Cookie': ['sid=1; Secure; HttpOnly; SameSite=Lax', 'pref=2; Secure'],
  Server: 'nginx/1.25.3',
};

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

async function time(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

async function compare(label: string, check: () => Promise<unknown>, bare: () => Promise<unknown>): Promise<string[]> {
  for (let i = 0; i < WARMUP; i++) {
    await check();
    await bare();
  }
  const c: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    // Alternate so drift affects both sides alike.
    if (i % 2) {
      c.push(await time(check));
      b.push(await time(bare));
    } else {
      b.push(await time(bare));
      c.push(await time(check));
    }
  }
  c.sort((x, y) => x - y);
  b.sort((x, y) => x - y);
  const med = quantile(c, 0.5);
  const bmed = quantile(b, 0.5);
  return [
    `${label}: checkHeaders median ${med.toFixed(2)} ms (p90 ${quantile(c, 0.9).toFixed(2)}), bare got median ${bmed.toFixed(2)} ms (p90 ${quantile(b, 0.9).toFixed(2)})`,
    `${label}: overhead of a check beyond the target's response ≈ ${(med - bmed).toFixed(2)} ms (median difference, ${ROUNDS} rounds)`,
  ];
}

export default async function bench(): Promise<BenchResult> {
  const lines: string[] = [];

  const plain = await startHttpServer(respondWith(HEADERS));
  try {
    lines.push(
      ...(await compare(
        'http loopback',
        () => checkHeaders(plain.url, POLICY),
        () => got(plain.url, { agent: { http: new http.Agent() }, retry: { limit: 0 } }),
      )),
    );
  } finally {
    await plain.close();
  }

  const secure = await startHttpsServer(respondWith(HEADERS), selfSignedCertificate());
  try {
    lines.push(
      ...(await compare(
        'https loopback, self-signed (verify, then retry unverified)',
        () => checkHeaders(secure.url, POLICY, { httpProbeUrl: null }),
        () =>
          got(secure.url, {
            agent: { https: new https.Agent() },
            https: { rejectUnauthorized: false },
            retry: { limit: 0 },
          }),
      )),
    );
  } finally {
    await secure.close();
  }

  // Subresource Integrity: a 512 KiB HTML page with 40 scripts, read and tokenised within the cap.
  const page = `<!doctype html><html><head>${Array.from({ length: 40 }, (_, i) => `<script src="https://cdn${i}.example/a.js" integrity="sha384-x"></script>`).join('')}</head><body>${'<p>lorem ipsum dolor sit amet</p>'.repeat(15_000)}</body></html>`;
  const html = await startHttpServer((_req, res) => res.writeHead(200, { ...HEADERS, 'Content-Type': 'text/html' }).end(page));
  try {
    lines.push(
      ...(await compare(
        `http loopback, ${Math.round(page.length / 1024)} KiB HTML page (scripts read for SRI)`,
        () => checkHeaders(html.url, POLICY, { httpProbeUrl: null }),
        () => got(html.url, { agent: { http: new http.Agent() }, retry: { limit: 0 } }),
      )),
    );
  } finally {
    await html.close();
  }

  const n = 20_000;
  const ctx = { site: 'example.com', https: true };
  for (let i = 0; i < 1000; i++) gradeHeaders(HEADERS, ctx);
  const t = performance.now();
  for (let i = 0; i < n; i++) gradeHeaders(HEADERS, ctx);
  lines.push(`gradeHeaders alone (pure grading + Observatory tests): ${(((performance.now() - t) / n) * 1000).toFixed(1)} µs per report`);

  return { name: 'header-check', lines };
}
