import type { RedisClient } from '@vigil/core';

/** The part of a socket that holds writes back. */
interface Corkable {
  cork(): void;
  uncork(): void;
}

/**
 * Holds a connection's socket writes back until the end of the current event-loop turn (the
 * next `setImmediate`), so the commands sent meanwhile leave in one write (one writev syscall)
 * instead of one each. The requests whose data arrived in one turn of the loop reach their
 * Redis call (the burst counter, the admission script) in that same turn, synchronously: their
 * commands then share a write, as ioredis's auto-pipelining would, without its per-command
 * pipeline objects, and only for the commands that ask for it. The bytes and their order are
 * the same; a command waits at most until the turn's check phase. Only socket writes are held:
 * the replies, the command timeouts and the error paths are ioredis's as before.
 */
export class TurnWrites {
  private held: Corkable | null = null;

  constructor(private readonly socketOf: () => Corkable | undefined) {}

  /** Call right before sending a command that may share its write with the turn's others. */
  hold(): void {
    if (this.held) return;
    const socket = this.socketOf();
    if (!socket) return;
    socket.cork();
    this.held = socket;
    setImmediate(this.release);
  }

  private readonly release = (): void => {
    const socket = this.held;
    this.held = null;
    socket?.uncork();
  };
}

const perClient = new WeakMap<RedisClient, TurnWrites>();

/**
 * The TurnWrites of a command connection (one per client, shared by every caller). A Redis
 * Cluster's commands go to several nodes' sockets: they are not held.
 */
export function turnWrites(redis: RedisClient): TurnWrites {
  let writes = perClient.get(redis);
  if (!writes) {
    writes = new TurnWrites(() => {
      // A Cluster has no one socket; a connection not open yet has none either.
      const socket: { writable: boolean; cork(): void; uncork(): void } | undefined = 'stream' in redis ? redis.stream : undefined;
      return socket?.writable ? socket : undefined;
    });
    perClient.set(redis, writes);
  }
  return writes;
}
