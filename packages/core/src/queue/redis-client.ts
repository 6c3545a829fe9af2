import type { Cluster, Redis } from 'ioredis';

/** A command connection: to one node (standalone, or the primary Sentinel names) or to a Redis Cluster. */
export type RedisClient = Redis | Cluster;
