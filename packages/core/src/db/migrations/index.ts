import { AccountsAndKeys1763700000000 } from './1763700000000-accounts-and-keys.js';
import { Uptime1763700100000 } from './1763700100000-uptime.js';
import { Integrations1763700300000 } from './1763700300000-integrations.js';

/** Every migration, oldest first. Schema changes happen only here (never `synchronize`). */
export const MIGRATIONS = [AccountsAndKeys1763700000000, Uptime1763700100000, Integrations1763700300000];
