import type { AlertContent } from '../content/alert-content.js';

/** How urgent an alert is on the phone channels: critical high, warnings default, the rest low. */
export type Urgency = 'high' | 'default' | 'low';

export function urgencyOf(content: AlertContent): Urgency {
  if (content.severity === 'critical') return 'high';
  return content.severity === 'warning' ? 'default' : 'low';
}
