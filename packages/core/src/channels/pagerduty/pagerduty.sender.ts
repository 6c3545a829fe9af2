import type { ChannelSender, SenderDeps } from '../definition.js';
import { sendHttp, WEBHOOK_USER_AGENT } from '../http/request.js';
import { providerError, withoutSecrets } from '../oncall/provider-response.js';
import { underBase } from '../shared/config-fields.js';
import { pagerDutyEvent } from './pagerduty-event.js';
import { PAGERDUTY_API_URL, type PagerDutyConfig } from './pagerduty.config.js';

/**
 * POSTs the Events API v2 event of each alert to `<api_url>/v2/enqueue` through the outbound
 * guard. PagerDuty answers 202; 429 (throttled) and 5xx are retried after Retry-After, any other
 * 4xx fails for good with PagerDuty's message (`Event object is invalid; ...`) in the log.
 */
export function pagerdutySender(deps: SenderDeps): ChannelSender<PagerDutyConfig> {
  return {
    async send(target, alert) {
      const { routing_key: routingKey, api_url: apiUrl = PAGERDUTY_API_URL, webhook_secret: webhookSecret } = target.config;
      const body = JSON.stringify(pagerDutyEvent(alert.envelope, routingKey, deps.baseUrl));
      const outcome = await sendHttp(
        { url: underBase(apiUrl, '/v2/enqueue'), headers: { 'User-Agent': WEBHOOK_USER_AGENT }, body, readError: providerError },
        deps,
      );
      return { ...outcome, error: withoutSecrets(outcome.error, [routingKey, webhookSecret]) };
    },
  };
}
