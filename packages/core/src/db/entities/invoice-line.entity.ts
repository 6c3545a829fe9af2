import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { Tier } from '../../tiers/tiers.js';

/** A line of an invoice: consecutive days on one tier, [startsAt, endsAt), prorated from the monthly price. */
@Entity({ name: 'invoice_lines' })
@Index(['invoiceId', 'position'], { unique: true })
export class InvoiceLine {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ name: 'invoice_id', type: 'integer' })
  invoiceId!: number;

  /** Order of the line on the invoice, from 0. */
  @Column({ type: 'integer' })
  position!: number;

  @Column({ type: 'text' })
  description!: string;

  @Column({ type: 'text' })
  tier!: Tier;

  @Column({ name: 'starts_at', type: 'timestamptz' })
  startsAt!: Date;

  @Column({ name: 'ends_at', type: 'timestamptz' })
  endsAt!: Date;

  @Column({ type: 'integer' })
  days!: number;

  @Column({ name: 'period_days', type: 'integer' })
  periodDays!: number;

  /** The tier's monthly price when the invoice was issued. */
  @Column({ name: 'unit_price_cents', type: 'integer' })
  unitPriceCents!: number;

  @Column({ name: 'amount_cents', type: 'integer' })
  amountCents!: number;
}
