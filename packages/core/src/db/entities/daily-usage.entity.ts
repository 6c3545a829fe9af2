import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Counted API requests of one account on one UTC day: the durable record behind /usage. */
@Entity({ name: 'daily_usage' })
export class DailyUsage {
  @PrimaryColumn({ name: 'account_id', type: 'integer' })
  accountId!: number;

  /** YYYY-MM-DD, UTC. */
  @PrimaryColumn({ type: 'date' })
  day!: string;

  @Column({ type: 'integer', default: 0 })
  requests!: number;
}
