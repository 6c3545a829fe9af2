import { AccountsAndKeys1763700000000 } from './1763700000000-accounts-and-keys.js';

/** Every migration, oldest first. Schema changes happen only here (never `synchronize`). */
export const MIGRATIONS = [AccountsAndKeys1763700000000];
