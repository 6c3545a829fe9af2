/** PostgreSQL unique violation (e.g. the (account_id, hostname, port) index under a race). */
export function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; driverError?: { code?: string } };
  return err?.code === '23505' || err?.driverError?.code === '23505';
}
