import type { DataSource, EntityManager } from 'typeorm';
import { Account } from '../db/entities/account.entity.js';
import { TierChange } from '../db/entities/tier-change.entity.js';
import { ConflictError, NotFoundError, ValidationError } from '../errors/errors.js';
import { isTier, type Tier } from '../tiers/tiers.js';
import { bumpAuthStamp, type AuthStampTarget } from './auth-stamp.js';
import { issueApiKey } from './issue-api-key.js';
import { recordAudit, type AuditActor } from '../audit/record-audit.js';

/** Changing an account's tier or state: the database, then the account's auth stamp in Redis. */
export interface AccountAdmin extends AuthStampTarget {
  db: DataSource;
}

export interface CreateAccountInput {
  email: string;
  tier: Tier;
  /** The operator vouches for the email's domain: it counts as a verified company domain. */
  emailVerified?: boolean;
}

const EMAIL = /^[^\s@]+@([a-z0-9-]+\.)+[a-z0-9-]+$/i;

/** Creates an account, records its first tier, and issues its first API key (shown once). */
export async function createAccount(
  db: DataSource,
  input: CreateAccountInput,
  now: Date = new Date(),
): Promise<{ account: Account; apiKey: string }> {
  const email = input.email.trim();
  if (!EMAIL.test(email)) throw new ValidationError(`Invalid email: ${input.email}`);
  if (!isTier(input.tier)) throw new ValidationError(`Invalid tier: ${String(input.tier)}`);
  return db.transaction(async (m) => {
    const exists = await m.getRepository(Account).createQueryBuilder('a').where('lower(a.email) = lower(:email)', { email }).getExists();
    if (exists) throw new ConflictError(`An account with email ${email} already exists`);
    const account = await m.getRepository(Account).save({
      email,
      tier: input.tier,
      isActive: true,
      verifiedEmailDomain: input.emailVerified ? email.split('@')[1].toLowerCase() : null,
    });
    await m.getRepository(TierChange).save({ accountId: account.id, tier: input.tier, changedAt: now });
    const { secret } = await issueApiKey(m, account.id, { name: 'default' });
    return { account, apiKey: secret };
  });
}

async function findAccount(m: EntityManager, id: number): Promise<Account> {
  const account = Number.isInteger(id) ? await m.getRepository(Account).findOneBy({ id }) : null;
  if (!account) throw new NotFoundError(`Account ${id} not found`);
  return account;
}

/** Changes an operator makes (the vigil CLI): no key, no IP. */
function operatorActor(accountId: number, at: Date): AuditActor {
  return { accountId, keyId: null, keyName: null, ip: null, now: () => at };
}

/**
 * Moves an account to another tier, recording when, so billing can prorate exactly. API
 * processes apply the new tier's limits from the next request on (the auth stamp changes).
 */
export async function setAccountTier(admin: AccountAdmin, id: number, tier: Tier, now: Date = new Date()): Promise<Account> {
  if (!isTier(tier)) throw new ValidationError(`Invalid tier: ${String(tier)}`);
  const changed = await admin.db.transaction(async (m) => {
    const account = await findAccount(m, id);
    if (account.tier === tier) return account;
    const was = account.tier;
    account.tier = tier;
    await m.getRepository(Account).save(account);
    await m.getRepository(TierChange).save({ accountId: id, tier, changedAt: now });
    await recordAudit(m, operatorActor(id, now), [{ resource: 'account', id, action: 'tier_change', before: { tier: was }, after: { tier } }]);
    return account;
  });
  await bumpAuthStamp(admin, id);
  return changed;
}

/** Deactivated accounts get 403 "Account inactive" on their next request. */
export async function setAccountActive(admin: AccountAdmin, id: number, active: boolean, now: Date = new Date()): Promise<Account> {
  const account = await admin.db.transaction(async (m) => {
    const found = await findAccount(m, id);
    const was = found.isActive;
    found.isActive = active;
    const saved = await m.getRepository(Account).save(found);
    await recordAudit(m, operatorActor(id, now), [{ resource: 'account', id, action: 'update', before: { is_active: was }, after: { is_active: active } }]);
    return saved;
  });
  await bumpAuthStamp(admin, id);
  return account;
}
