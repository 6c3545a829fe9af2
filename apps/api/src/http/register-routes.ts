import { performance } from 'node:perf_hooks';
import express, { type Express, type Request, type RequestHandler, type Response, type Router } from 'express';
import type { Context } from '@vigil/core';
import type { AccountQuota } from '../limits/account-quota.js';
import type { RequestUsage } from '../usage/request-usage.js';
import { apiKeyGate } from '../middleware/api-key-gate.js';
import { optionalApiKey } from '../middleware/authenticate.js';
import { authenticateAgent } from '../middleware/authenticate-agent.js';
import { keyFairShare } from '../middleware/key-fair-share.js';
import { declaredScope, requireScope } from '../middleware/require-scope.js';
import { FairScheduler } from '../limits/fair-scheduler.js';
import { methodNotAllowed } from './method-not-allowed.js';
import { shapeDispatch } from './shape-dispatch.js';
import { parsedBodyWithoutNul } from './reject-nul.js';
import { ReadCoalescer } from './read-coalescer.js';
import { authOf } from './request-auth.js';
import type { AuthMode, RouteDef, SendAny } from './route.js';
import { responseSender } from './send.js';
import { assertAudited } from '../audit/audit-actor.js';

export const JSON_BODY_LIMIT = '1mb';
/** How long after another account's last request a busy account keeps to the shared slots. */
const FAIR_SHARE_HOLD_MS = 1_000;

/**
 * Mounts every route, grouped by path and reached by request shape (shapeDispatch), and answers
 * any other method on a known path with the seed's 405 (Allow header, HTML body). A JSON body is
 * parsed only after authentication, the account limits and the route's own `before` steps: a
 * request without a key is a 401 whatever its body, and a 400 for invalid JSON or a 413 carries
 * the rate-limit headers like any other answer to an authenticated request. A key without the
 * route's scope is a 403 before any of the route's own steps; an `api-key` route without a
 * declared scope stops the boot. A write (keyed, not GET) that answers 2xx without recording its
 * audit entries is an error, not an answer (decisions: "Audit log").
 */
export function registerRoutes(app: Express, ctx: Context, limits: { quota: AccountQuota; usage: RequestUsage }, routes: RouteDef[]): void {
  const jsonBody = express.json({ limit: JSON_BODY_LIMIT, type: ['application/json', 'application/*+json'] });
  const jsonOrNothing = parsedBodyWithoutNul(jsonBody);
  const gate = apiKeyGate(ctx, limits);
  // A bounded number of API-key requests at a time, the slots shared fairly between accounts.
  const { alone, shared } = ctx.config.apiInFlight;
  const scheduler = new FairScheduler({ limit: alone, sharedLimit: shared, holdMs: FAIR_SHARE_HOLD_MS, now: () => performance.now() });
  const fairShare = keyFairShare(scheduler, gate.schedulingKey);
  const auth: Record<AuthMode, RequestHandler[]> = {
    'api-key': [fairShare, gate],
    'optional-api-key': [optionalApiKey(ctx)],
    'agent-key': [authenticateAgent(ctx)],
    none: [],
  };
  const byPath = new Map<string, RouteDef[]>();
  for (const r of routes) {
    const list = byPath.get(r.path) ?? [];
    if (list.some((x) => x.method === r.method)) throw new Error(`Route declared twice: ${r.method.toUpperCase()} ${r.path}`);
    list.push(r);
    byPath.set(r.path, list);
  }
  // Off in production: the check serialises every answer twice.
  const checkAnswers = ctx.config.env === 'test';
  const reads = new ReadCoalescer<Answered>();
  const mounts = new Map<string, (router: Router) => void>();
  for (const [path, defs] of byPath) {
    const steps = defs.map((def) => {
      if (def.coalesce && (def.method !== 'get' || def.auth !== 'api-key')) throw new Error(`Route ${def.method.toUpperCase()} ${def.path} coalesces but is not a keyed GET`);
      const sender = responseSender(def, checkAnswers, (e) => ctx.logger.error('response schema cannot write an answer; sent as JSON.stringify writes it', { where: e.where, pointer: e.pointer }));
      const handler = async (req: Request, res: Response) => {
        const send = sender(res);
        if (def.coalesce) {
          // The key decides the account and the scopes; the URL everything else the answer reads.
          const answer = await reads.read(`${authOf(req).apiKey.id} ${req.originalUrl}`, () => answerOf(def, req, res));
          send(answer.status, answer.body);
          return;
        }
        const audited: SendAny = (status, body) => {
          assertAudited(req, status);
          send(status, body);
        };
        await def.handler(req, res, isWrite(def) ? audited : send);
      };
      const body = def.body === 'ignore' ? [] : [jsonOrNothing];
      const scope = def.auth === 'api-key' ? [requireScope(declaredScope(def))] : [];
      return { method: def.method, handlers: [...auth[def.auth], ...scope, ...(def.before ?? []), ...body, handler] };
    });
    const notAllowed = methodNotAllowed(defs.map((d) => d.method));
    mounts.set(path, (router) => {
      const chain = router.route(path);
      for (const step of steps) chain[step.method](...step.handlers);
      chain.all(notAllowed);
    });
  }
  app.use(shapeDispatch([...mounts]));
}

/**
 * A keyed route that is not a GET and needs a write scope: a change, which records its audit
 * entries (recordAudit). A POST that only reads (a config plan) declares a read scope.
 */
export function isWrite(def: RouteDef): boolean {
  return def.auth === 'api-key' && def.method !== 'get' && !(def.scope ?? '').endsWith(':read');
}

interface Answered {
  status: number;
  body: unknown;
}

/** What a coalesced route's handler answers, kept for every request that shares the execution. */
async function answerOf(def: RouteDef, req: Request, res: Response): Promise<Answered> {
  const answers: Answered[] = [];
  await def.handler(req, res, (status, body) => answers.push({ status, body }));
  const [answer] = answers;
  if (!answer || answers.length > 1) throw new Error(`Route GET ${def.path} coalesces but did not answer once through send`);
  return answer;
}
