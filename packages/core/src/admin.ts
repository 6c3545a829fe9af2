/**
 * The slice of core that the admin CLI needs: configuration, the database and account/domain
 * administration. No queues, Redis, HTTP clients or logger transports, so that
 * `vigil account create` starts in well under a second.
 */
export * from './config/config.js';
export * from './config/env-schema.js';
export * from './tiers/tiers.js';
export * from './errors/errors.js';
export * from './time/clock.js';
export * from './db/entities/index.js';
export * from './db/data-source.js';
export * from './db/ensure-database.js';
export * from './db/migrate.js';
export * from './db/describe-database-error.js';
export * from './accounts/auth-stamp.js';
export * from './accounts/admin-redis.js';
export type { RedisClient } from './queue/redis-client.js';
export * from './accounts/create-account.js';
export * from './accounts/issue-api-key.js';
export * from './accounts/account-store.js';
export * from './domains/hostname.js';
export * from './domains/ownership.js';
export * from './domains/verifications.js';
export * from './security/secret-box.js';
export * from './locations/location-store.js';
export * from './locations/agent-key-stamp.js';
