import { GoneError } from '@vigil/core';
import { route, type RouteDef } from '../http/route.js';

const MESSAGE = 'Token authentication has been removed; use an API key';

/** decisions §3: the removed token endpoints answer 410, whatever is sent. */
export function authRemovedRoutes(): RouteDef[] {
  return ['login', 'refresh'].map((name) =>
    route({
      method: 'post',
      path: `/api/v1/auth/${name}`,
      summary: `Removed: token ${name}. API keys are the only authentication method.`,
      tag: 'Authentication',
      auth: 'none',
      handler: () => {
        throw new GoneError(MESSAGE);
      },
      docs: { responses: { 410: { description: MESSAGE } } },
    }),
  );
}
