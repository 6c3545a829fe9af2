import { timingSafeEqual } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { Express, RequestHandler } from 'express';
import { QueueName, type Context } from '@vigil/core';

export const BULL_BOARD_PATH = '/admin/queues';

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Operator token check: `Authorization: Bearer <VIGIL_ADMIN_TOKEN>`, or HTTP Basic with the
 * token as password so a browser can open the dashboard.
 */
function requireAdminToken(token: string): RequestHandler {
  return (req, res, next) => {
    const header = req.get('authorization') ?? '';
    const [scheme, value = ''] = header.split(/\s+/, 2);
    let given = '';
    if (/^bearer$/i.test(scheme)) given = value;
    else if (/^basic$/i.test(scheme)) given = Buffer.from(value, 'base64').toString('utf8').split(':').slice(1).join(':');
    if (given && sameSecret(given, token)) return next();
    res.set('WWW-Authenticate', 'Basic realm="Vigil operators"').status(401).json({ error: 'Admin token required' });
  };
}

/** Drops every stylesheet or script a page would load from another origin (Bull Board's web fonts). */
export function withoutExternalAssets(html: string): string {
  return html.replace(/<link\b[^>]*\bhref="(?:https?:)?\/\/[^"]*"[^>]*>\s*/gi, '').replace(/<script\b[^>]*\bsrc="(?:https?:)?\/\/[^"]*"[^>]*>\s*<\/script>\s*/gi, '');
}

let viewsDir: string | undefined;

/**
 * Bull Board's page template, made self-contained, in a directory of its own (written once per
 * process): the dashboard then loads nothing from a CDN. Its scripts and styles still come from
 * the installed @bull-board/ui, so the template keeps matching them after an upgrade.
 */
function selfContainedViews(): string {
  if (viewsDir) return viewsDir;
  const uiPackage = createRequire(import.meta.url).resolve('@bull-board/ui/package.json');
  const template = readFileSync(path.join(path.dirname(uiPackage), 'dist', 'index.ejs'), 'utf8');
  const dir = mkdtempSync(path.join(tmpdir(), 'vigil-queue-dashboard-'));
  writeFileSync(path.join(dir, 'index.ejs'), withoutExternalAssets(template));
  viewsDir = dir;
  return dir;
}

/** Bull Board behind the admin token; not mounted at all when VIGIL_ADMIN_TOKEN is unset. */
export function mountBullBoard(app: Express, ctx: Context): void {
  const token = ctx.config.adminToken;
  if (!token) return;
  const serverAdapter = new ExpressAdapter();
  serverAdapter.setBasePath(BULL_BOARD_PATH);
  createBullBoard({
    queues: Object.values(QueueName).map((name) => new BullMQAdapter(ctx.queues.queue(name))),
    serverAdapter,
    options: { uiConfig: { boardTitle: 'Vigil queues' } },
  });
  serverAdapter.setViewsPath(selfContainedViews());
  app.use(BULL_BOARD_PATH, requireAdminToken(token), serverAdapter.getRouter() as RequestHandler);
}
