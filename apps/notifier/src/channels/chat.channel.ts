import type { GuardedAgents } from '@vigil/core';
import { describeAlert } from '../render/alert-content.js';
import { renderDiscord } from '../render/discord-message.js';
import { renderSlack } from '../render/slack-message.js';
import type { Channel } from './channel.js';
import { postJson } from './http-post.js';
import { WEBHOOK_USER_AGENT } from './webhook.channel.js';

interface ChatDeps {
  agents: GuardedAgents;
  timeoutMs: number;
  baseUrl: string;
}

function chatChannel(deps: ChatDeps, render: (content: ReturnType<typeof describeAlert>) => unknown): Channel {
  return {
    async send(target, alert) {
      const body = JSON.stringify(render(describeAlert(alert.envelope, deps.baseUrl)));
      return postJson(String(target.config.webhook_url ?? ''), body, { 'User-Agent': WEBHOOK_USER_AGENT }, deps);
    },
  };
}

/** Slack incoming webhook: `{text, blocks}`. */
export function slackChannel(deps: ChatDeps): Channel {
  return chatChannel(deps, renderSlack);
}

/** Discord webhook: `{content, embeds}`. */
export function discordChannel(deps: ChatDeps): Channel {
  return chatChannel(deps, renderDiscord);
}
