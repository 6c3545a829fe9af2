import { timingSafeEqual } from 'node:crypto';
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

/** Bull Board behind the admin token; not mounted at all when VIGIL_ADMIN_TOKEN is unset. */
export function mountBullBoard(app: Express, ctx: Context): void {
  const token = ctx.config.adminToken;
  if (!token) return;
  const serverAdapter = new ExpressAdapter();
  serverAdapter.setBasePath(BULL_BOARD_PATH);
  createBullBoard({
    queues: Object.values(QueueName).map((name) => new BullMQAdapter(ctx.queues.queue(name))),
    serverAdapter,
  });
  app.use(BULL_BOARD_PATH, requireAdminToken(token), serverAdapter.getRouter() as RequestHandler);
}
