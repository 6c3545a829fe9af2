/**
 * What an API key may do (decisions: "Scoped API keys"). A scope is `<family>:read`,
 * `<family>:write` (write implies read), `*:read` (every family, read only) or `*` (everything).
 * Keys made before scopes existed hold `["*"]`.
 */
export const SCOPE_FAMILIES = ['monitors', 'domains', 'integrations', 'status_pages', 'maintenance', 'keys', 'billing'] as const;
export type ScopeFamily = (typeof SCOPE_FAMILIES)[number];

/** What an operation requires: one family, read or write. */
export type RequiredScope = `${ScopeFamily}:${'read' | 'write'}`;
/** What a key may hold. */
export type Scope = RequiredScope | '*:read' | '*';

export const ALL_SCOPES: readonly Scope[] = ['*', '*:read', ...SCOPE_FAMILIES.flatMap((f) => [`${f}:read`, `${f}:write`] as const)];
export const FULL_ACCESS: Scope[] = ['*'];

export function isScope(text: string): text is Scope {
  return (ALL_SCOPES as readonly string[]).includes(text);
}

/** Whether one held scope grants the required one. */
function grantsOne(held: Scope, required: RequiredScope): boolean {
  if (held === '*') return true;
  const [family, access] = required.split(':');
  if (held === '*:read') return access === 'read';
  const [heldFamily, heldAccess] = held.split(':');
  return heldFamily === family && (heldAccess === 'write' || access === 'read');
}

/** Whether a key holding `held` may call an operation requiring `required`. */
export function grantsScope(held: readonly Scope[], required: RequiredScope): boolean {
  return held.some((h) => grantsOne(h, required));
}

/** What one scope allows, as the operations' requirements it grants. */
function expand(scope: Scope): RequiredScope[] {
  return SCOPE_FAMILIES.flatMap((f) => [`${f}:read`, `${f}:write`] as const).filter((r) => grantsOne(scope, r));
}

/**
 * The first requirement that `requested` grants and `held` does not (the scope the creating key
 * lacks); null when a key holding `held` may create a key with `requested`.
 */
export function scopeBeyond(held: readonly Scope[], requested: readonly Scope[]): RequiredScope | null {
  return requested.flatMap(expand).find((r) => !grantsScope(held, r)) ?? null;
}

/** The scopes a key holds, as stored (anything unknown, from a future version, grants nothing). */
export function heldScopes(stored: readonly string[]): Scope[] {
  return stored.filter(isScope);
}
