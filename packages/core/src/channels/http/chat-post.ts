import { describeAlert, type AlertContent } from '../content/alert-content.js';
import type { ChannelConfig, ChannelSender, SenderDeps } from '../definition.js';
import { postJson, WEBHOOK_USER_AGENT } from './request.js';

/**
 * A sender that POSTs a rendered message as JSON to a URL of the config: the chat webhooks
 * (Slack, Discord, ...), whose URL is the whole address and the credential at once.
 */
export function chatPostSender<C extends ChannelConfig>(
  deps: SenderDeps,
  urlOf: (config: C) => string,
  render: (content: AlertContent) => unknown,
): ChannelSender<C> {
  return {
    async send(target, alert) {
      const body = JSON.stringify(render(describeAlert(alert.envelope, deps.baseUrl)));
      return postJson(urlOf(target.config), body, { 'User-Agent': WEBHOOK_USER_AGENT }, deps);
    },
  };
}
