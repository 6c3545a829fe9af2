import type { AlertEnvelope } from '../../queue/alert-events.js';

/**
 * The system an alert is about, as on-call tools name it (PagerDuty's `payload.source`,
 * Opsgenie's `entity`): the monitored URL's host, the domain's hostname, the private location
 * ("location office"), else "Vigil".
 */
export function alertSource(envelope: AlertEnvelope): string {
  const data: object = envelope.data;
  if ('monitor' in data && typeof data.monitor === 'object' && data.monitor !== null && 'url' in data.monitor && typeof data.monitor.url === 'string') {
    return hostOf(data.monitor.url);
  }
  if ('hostname' in data && typeof data.hostname === 'string') return data.hostname;
  if ('location' in data && typeof data.location === 'object' && data.location !== null && 'name' in data.location && typeof data.location.name === 'string') {
    return `location ${data.location.name}`;
  }
  return 'Vigil';
}

function hostOf(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}
