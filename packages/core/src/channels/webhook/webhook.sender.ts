import { postJson, WEBHOOK_USER_AGENT } from '../http/request.js';
import type { ChannelSender, SenderDeps } from '../definition.js';
import { signatureHeader } from './signature.js';
import { standardWebhookHeaders } from './standard-webhooks.js';
import type { WebhookConfig } from './webhook.config.js';

/**
 * Generic webhook: POST of the envelope `{id, event, created_at, data}` as JSON, signed over
 * the exact bytes sent: `X-Vigil-Signature` with the current secret (decisions §4), and the
 * Standard Webhooks headers (`webhook-id` = the event id, `webhook-timestamp` = the attempt's
 * time) with the current secret and, while a rotation overlaps, the previous one too
 * (`X-Vigil-Signature-Previous` then carries the previous secret's X-Vigil-Signature).
 */
export function webhookSender(deps: SenderDeps): ChannelSender<WebhookConfig> {
  return {
    async send(target, alert) {
      const secret = target.config.secret ?? '';
      const previous = target.previousSecret ?? null;
      const body = JSON.stringify(alert.envelope);
      const secrets = previous === null ? [secret] : [secret, previous];
      return postJson(
        target.config.url,
        body,
        {
          'User-Agent': WEBHOOK_USER_AGENT,
          'X-Vigil-Event': alert.envelope.event,
          'X-Vigil-Delivery': String(alert.deliveryId),
          'X-Vigil-Signature': signatureHeader(body, secret),
          ...(previous === null ? {} : { 'X-Vigil-Signature-Previous': signatureHeader(body, previous) }),
          ...standardWebhookHeaders(alert.envelope.id, deps.clock.now(), body, secrets),
        },
        deps,
      );
    },
  };
}
