import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { Tier } from '../../tiers/tiers.js';

/** Every tier an account has been on and since when; billing prorates from these rows. */
@Entity({ name: 'tier_changes' })
@Index(['accountId', 'changedAt'])
export class TierChange {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ name: 'account_id', type: 'integer' })
  accountId!: number;

  @Column({ type: 'text' })
  tier!: Tier;

  @Column({ name: 'changed_at', type: 'timestamptz' })
  changedAt!: Date;
}
