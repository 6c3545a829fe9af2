import { createCheckPartition, daysAround, partitionName } from '@vigil/core';
import type { DataSource } from 'typeorm';

/** Daily partitions kept ready: yesterday (late checks) up to a week ahead (a week of failed runs). */
export const PARTITION_DAYS_BACK = 1;
export const PARTITION_DAYS_AHEAD = 7;

/**
 * Creates the missing daily partitions of `checks` around `now`, each in a short transaction of
 * its own (moving any rows of its day out of the default partition). Returns the created names.
 */
export async function ensureCheckPartitions(db: DataSource, now: Date): Promise<string[]> {
  const created: string[] = [];
  for (const day of daysAround(now, PARTITION_DAYS_BACK, PARTITION_DAYS_AHEAD)) {
    if (await db.transaction((em) => createCheckPartition(em, day))) created.push(partitionName(day));
  }
  return created;
}
