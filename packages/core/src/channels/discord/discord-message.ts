import type { AlertContent } from '../content/alert-content.js';

const COLOUR: Record<AlertContent['severity'], number> = {
  critical: 0xd92d20,
  warning: 0xdc6803,
  ok: 0x079455,
  info: 0x1570ef,
};

/** Discord's limits: content 2000, embed title 256, description 4096, 25 fields, field value 1024. */
function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

export interface DiscordMessage {
  username: string;
  content: string;
  embeds: Record<string, unknown>[];
  allowed_mentions: { parse: string[] };
}

/**
 * An incoming-webhook message: `content` plus one embed. `allowed_mentions` is empty so that a
 * monitor named "@everyone" pings nobody.
 */
export function renderDiscord(content: AlertContent): DiscordMessage {
  return {
    username: 'Vigil',
    content: clip(`**${content.title}**`, 2000),
    embeds: [
      {
        title: clip(content.title, 256),
        description: clip(content.summary, 4096),
        url: content.link,
        color: COLOUR[content.severity],
        fields: content.facts.slice(0, 25).map((f) => ({ name: clip(f.label, 256), value: clip(f.value, 1024), inline: true })),
        timestamp: content.time,
        footer: { text: 'Vigil' },
      },
    ],
    allowed_mentions: { parse: [] },
  };
}
