import type { GuardedAgents } from '@vigil/core';
import { signatureHeader } from '../signing/signature.js';
import type { Channel } from './channel.js';
import { postJson } from './http-post.js';

export const WEBHOOK_USER_AGENT = 'Vigil-Webhooks/1.0';

/**
 * Generic webhook: POST of the envelope `{id, event, created_at, data}` as JSON, signed with
 * the integration's secret over the exact bytes sent (decisions §4).
 */
export function webhookChannel(deps: { agents: GuardedAgents; timeoutMs: number }): Channel {
  return {
    async send(target, alert) {
      const url = String(target.config.url ?? '');
      const secret = String(target.config.secret ?? '');
      const body = JSON.stringify(alert.envelope);
      return postJson(
        url,
        body,
        {
          'User-Agent': WEBHOOK_USER_AGENT,
          'X-Vigil-Event': alert.envelope.event,
          'X-Vigil-Delivery': String(alert.deliveryId),
          'X-Vigil-Signature': signatureHeader(body, secret),
        },
        deps,
      );
    },
  };
}
