/** Timestamps in responses: ISO 8601 UTC, or null. */
export function iso(at: Date | null | undefined): string | null {
  return at ? at.toISOString() : null;
}
