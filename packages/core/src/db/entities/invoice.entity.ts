import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export const INVOICE_STATUSES = ['issued'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** One account's invoice for one billing period (a UTC calendar month). Amounts in integer cents. */
@Entity({ name: 'invoices' })
@Index(['accountId', 'period'], { unique: true })
export class Invoice {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ name: 'account_id', type: 'integer' })
  accountId!: number;

  /** YYYY-MM. */
  @Column({ type: 'text' })
  period!: string;

  @Column({ name: 'period_start', type: 'timestamptz' })
  periodStart!: Date;

  /** Exclusive: the first instant of the next month. */
  @Column({ name: 'period_end', type: 'timestamptz' })
  periodEnd!: Date;

  @Column({ type: 'text', default: 'usd' })
  currency!: string;

  @Column({ name: 'subtotal_cents', type: 'integer' })
  subtotalCents!: number;

  @Column({ name: 'total_cents', type: 'integer' })
  totalCents!: number;

  @Column({ type: 'text', default: 'issued' })
  status!: InvoiceStatus;

  @Column({ name: 'issued_at', type: 'timestamptz' })
  issuedAt!: Date;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
