import { Account } from './account.entity.js';
import { ApiKey } from './api-key.entity.js';
import { DailyUsage } from './daily-usage.entity.js';
import { TierChange } from './tier-change.entity.js';

export { Account, ApiKey, DailyUsage, TierChange };

/** Every entity the data source knows. Each feature appends its own. */
export const ENTITIES = [Account, ApiKey, DailyUsage, TierChange];
