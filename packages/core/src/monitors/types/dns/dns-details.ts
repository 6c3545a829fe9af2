import { Type, type Static } from '@sinclair/typebox';

/** What a dns check saw: the answers (capped) and the server that gave them. */
export const DnsCheckDetailsSchema = Type.Object({
  kind: Type.Literal('dns'),
  server: Type.String(),
  answers: Type.Array(Type.String()),
  /** True when more answers came than were kept. */
  truncated: Type.Boolean(),
}, { title: 'dns', description: 'dns checks: the answers (at most 50, each cut to 512 characters) and the server that gave them' });
export type DnsCheckDetails = Static<typeof DnsCheckDetailsSchema>;
