/** What a hidden secret is shown as. */
export const MASK = '****';

/** A secret string masked: its last four characters when it is long enough to spare them. */
export function maskSecret(secret: string): string {
  return secret.length >= 16 ? `${MASK}${secret.slice(-4)}` : MASK;
}
