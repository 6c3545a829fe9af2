import type { ChannelSender, SenderDeps } from '../definition.js';
import { sendHttp, WEBHOOK_USER_AGENT } from '../http/request.js';
import { providerError, withoutSecrets } from '../oncall/provider-response.js';
import { underBase } from '../shared/config-fields.js';
import { opsgenieRequest } from './opsgenie-request.js';
import { OPSGENIE_API_URL, type OpsgenieConfig } from './opsgenie.config.js';

/**
 * Calls the Opsgenie Alert API for each alert (create, acknowledge or close by alias) under
 * `api_url` with `Authorization: GenieKey <api_key>`, through the outbound guard. Opsgenie
 * answers 202; 429 and 5xx are retried after Retry-After, any other 4xx (401 bad key, 422
 * invalid alert) fails for good with Opsgenie's message in the log.
 */
export function opsgenieSender(deps: SenderDeps): ChannelSender<OpsgenieConfig> {
  return {
    async send(target, alert) {
      const { api_key: apiKey, api_url: apiUrl = OPSGENIE_API_URL, webhook_secret: webhookSecret } = target.config;
      const call = opsgenieRequest(alert.envelope, deps.baseUrl);
      const outcome = await sendHttp(
        {
          url: underBase(apiUrl, call.path),
          headers: { 'User-Agent': WEBHOOK_USER_AGENT, Authorization: `GenieKey ${apiKey}` },
          body: JSON.stringify(call.body),
          readError: providerError,
        },
        deps,
      );
      return { ...outcome, error: withoutSecrets(outcome.error, [apiKey, webhookSecret]) };
    },
  };
}
