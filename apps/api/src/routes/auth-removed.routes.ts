import { route, type HttpMethod, type RouteDef } from '../http/route.js';

const MESSAGE = 'Token authentication has been removed; use an API key';
const GONE = { error: MESSAGE };
const METHODS: HttpMethod[] = ['get', 'post', 'put', 'patch', 'delete'];

/**
 * decisions §3: the removed token endpoints answer 410, whatever is sent: any method, any body
 * (the body is never read, so even invalid JSON gets the 410). Answered as the error handler
 * answers a GoneError, without raising one (no stack trace, no trip through the error handler).
 */
export function authRemovedRoutes(): RouteDef[] {
  return ['login', 'refresh'].flatMap((name) =>
    METHODS.map((method) =>
      route({
        method,
        path: `/api/v1/auth/${name}`,
        summary: `Removed: token ${name}. API keys are the only authentication method.`,
        tag: 'Authentication',
        auth: 'none',
        body: 'ignore',
        handler: (_req, res) => res.status(410).json(GONE),
        docs: { responses: { 410: { description: MESSAGE } } },
      }),
    ),
  );
}
