import { QueueName } from '../queue/queue-names.js';

/** The region of a deployment that never set VIGIL_REGION: every existing checker is in it. */
export const DEFAULT_REGION = 'default';

/** A region name: lower-case letters, digits and '-', starting with a letter, at most 32 characters. */
export const REGION_NAME_PATTERN = /^[a-z][a-z0-9-]{0,31}$/;

export function isRegionName(value: string): boolean {
  return REGION_NAME_PATTERN.test(value);
}

/** The BullMQ name of a region's check queue: the default region keeps the original `checks`. */
export type CheckQueueName = QueueName.Checks | `${QueueName.Checks}.${string}`;

/**
 * The queue a region's checkers consume. The default region keeps the queue every deployment
 * had before regions (its schedulers in Redis keep working after an upgrade); another region
 * gets `checks.<region>` (no ':', which BullMQ forbids in queue names).
 */
export function checkQueueOf(region: string): CheckQueueName {
  return region === DEFAULT_REGION ? QueueName.Checks : `${QueueName.Checks}.${region}`;
}

/**
 * A comma-separated region list as configured: trimmed, de-duplicated, in order. Throws naming
 * the first invalid name; an empty list is invalid.
 */
export function parseRegionList(value: string): string[] {
  const names = [...new Set(value.split(',').map((s) => s.trim()).filter(Boolean))];
  if (!names.length) throw new Error('must name at least one region');
  const bad = names.find((n) => !isRegionName(n));
  if (bad !== undefined) throw new Error(`"${bad}" is not a valid region name (lower-case letters, digits and '-', starting with a letter)`);
  return names;
}

/** The default quorum of a region list: a majority of its regions. */
export function majorityOf(regionCount: number): number {
  return Math.floor(regionCount / 2) + 1;
}
