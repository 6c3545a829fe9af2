import type { AlertContent } from '../content/alert-content.js';
import { clip } from '../content/plain-text.js';

const COLOUR: Record<AlertContent['severity'], string> = { critical: 'Attention', warning: 'Warning', ok: 'Good', info: 'Accent' };

/** Adaptive Card limits kept well under Teams' 28 KB message: a title, a summary, up to 20 facts. */
const TEXT_MAX = 2_000;
const FACT_MAX = 500;
const FACTS_MAX = 20;

/**
 * A Workflows ("When a Teams webhook request is received") message: one attachment holding an
 * Adaptive Card 1.4 with the title, the summary, the facts as a FactSet, and a link action.
 */
export function renderTeams(content: AlertContent): Record<string, unknown> {
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [
            { type: 'TextBlock', text: clip(content.title, TEXT_MAX), weight: 'Bolder', size: 'Medium', color: COLOUR[content.severity], wrap: true },
            { type: 'TextBlock', text: clip(content.summary, TEXT_MAX), wrap: true },
            { type: 'FactSet', facts: content.facts.slice(0, FACTS_MAX).map((f) => ({ title: clip(f.label, FACT_MAX), value: clip(f.value, FACT_MAX) })) },
          ],
          actions: [{ type: 'Action.OpenUrl', title: 'View in Vigil', url: content.link }],
        },
      },
    ],
  };
}
