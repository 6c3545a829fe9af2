import type { AlertContent } from '../content/alert-content.js';

/** Slack mrkdwn needs &, < and > escaped; this also defuses <!channel>-style mentions in names. */
export function escapeSlack(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const EMOJI: Record<AlertContent['severity'], string> = {
  critical: ':red_circle:',
  warning: ':warning:',
  ok: ':large_green_circle:',
  info: ':information_source:',
};

/** Slack's limits: header text 150 characters, at most 10 fields per section. */
const HEADER_MAX = 150;
const FIELDS_MAX = 10;

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

export interface SlackMessage {
  text: string;
  blocks: Record<string, unknown>[];
}

/** An incoming-webhook message: `text` (notification fallback) plus Block Kit `blocks`. */
export function renderSlack(content: AlertContent): SlackMessage {
  const fields = content.facts.slice(0, FIELDS_MAX).map((f) => ({
    type: 'mrkdwn',
    text: `*${escapeSlack(f.label)}*\n${escapeSlack(f.value)}`,
  }));
  return {
    text: `${EMOJI[content.severity]} ${escapeSlack(content.title)}: ${escapeSlack(content.summary)}`,
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: clip(content.title, HEADER_MAX), emoji: true } },
      { type: 'section', text: { type: 'mrkdwn', text: `${EMOJI[content.severity]} ${escapeSlack(content.summary)}` } },
      ...(fields.length ? [{ type: 'section', fields }] : []),
      { type: 'section', text: { type: 'mrkdwn', text: `<${content.link}|View details in Vigil>` } },
    ],
  };
}
