import { TIERS, type TierTable } from '../tiers/tiers.js';
import type { TierPrices } from './prorate.js';

/** The monthly price of each tier from the configured tier table (decisions §2, VIGIL_TIERS). */
export function tierPrices(tiers: TierTable): TierPrices {
  return Object.fromEntries(TIERS.map((t) => [t, tiers[t].monthlyPriceCents])) as TierPrices;
}
