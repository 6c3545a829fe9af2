import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Per-monitor hourly totals; statistics and list-view uptime read these, not raw checks. A view
 * (migration 1765872000000): the stored hours (monitor_rollup_hours) and each monitor's newest
 * hour, kept on its row by the check writer.
 */
@Entity({ name: 'monitor_rollups' })
export class MonitorRollup {
  @PrimaryColumn({ name: 'monitor_id', type: 'integer' })
  monitorId!: number;

  /** Start of the UTC hour. */
  @PrimaryColumn({ type: 'timestamptz' })
  hour!: Date;

  @Column({ type: 'integer', default: 0 })
  total!: number;

  @Column({ type: 'integer', default: 0 })
  successful!: number;

  /** Sum and count of response times of successful checks (failures have none). */
  @Column({ name: 'response_time_sum', type: 'bigint', default: 0 })
  responseTimeSum!: string;

  @Column({ name: 'response_time_count', type: 'integer', default: 0 })
  responseTimeCount!: number;
}
