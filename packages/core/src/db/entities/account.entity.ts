import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Tier } from '../../tiers/tiers.js';

@Entity({ name: 'accounts' })
export class Account {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ type: 'text' })
  email!: string;

  @Column({ type: 'text' })
  tier!: Tier;

  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive!: boolean;

  /** The account's email domain once the operator marked it verified; covers its subdomains. */
  @Column({ name: 'verified_email_domain', type: 'text', nullable: true })
  verifiedEmailDomain!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
