import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** The states a person reports an incident or a notice in, as status pages commonly show them. */
export const INCIDENT_UPDATE_STATUSES = ['investigating', 'identified', 'monitoring', 'resolved'] as const;
export type IncidentUpdateStatus = (typeof INCIDENT_UPDATE_STATUSES)[number];

/** A note an account user posts on an incident; shown on status pages and in their feeds. */
@Entity({ name: 'incident_updates' })
export class IncidentUpdate {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ name: 'incident_id', type: 'integer' })
  incidentId!: number;

  @Column({ name: 'account_id', type: 'integer' })
  accountId!: number;

  @Column({ type: 'text' })
  status!: IncidentUpdateStatus;

  @Column({ type: 'text' })
  message!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
