import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { IncidentUpdateStatus } from './incident-update.entity.js';

/** A manual notice on one status page, not tied to a monitor (e.g. a third-party outage). */
@Entity({ name: 'status_page_notices' })
export class StatusPageNotice {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ name: 'status_page_id', type: 'integer' })
  statusPageId!: number;

  @Column({ name: 'account_id', type: 'integer' })
  accountId!: number;

  @Column({ type: 'text' })
  title!: string;

  @Column({ type: 'text' })
  status!: IncidentUpdateStatus;

  @Column({ type: 'text' })
  message!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
