import { Redis, type RedisOptions } from 'ioredis';

type SendCommand = Redis['sendCommand'];

/** How long an ended connection waits before it connects again. */
const RECONNECT_AFTER_MS = 1_000;

/**
 * A Sentinel-mode connection that connects again when ioredis ends it without being asked to.
 * ioredis sets a connection's status to 'end', for good, when a connect attempt fails inside its
 * connector (seen after a Sentinel failover: one API's command connection and a notifier's
 * BullMQ connections stayed closed while the others reconnected). Closed on purpose (QUIT or
 * disconnect()), it stays closed. Its duplicates (BullMQ's blocking connections) are of this
 * class too, so every connection of a process heals.
 */
export class HealingRedis extends Redis {
  private closing = false;

  constructor(options: RedisOptions) {
    super(options);
    this.on('end', () => {
      if (this.closing) return;
      setTimeout(() => {
        if (!this.closing && this.status === 'end') this.connect().catch(() => undefined);
      }, RECONNECT_AFTER_MS).unref();
    });
  }

  override disconnect(reconnect = false): void {
    if (!reconnect) this.closing = true;
    super.disconnect(reconnect);
  }

  override sendCommand(...args: Parameters<SendCommand>): ReturnType<SendCommand> {
    if (args[0].name === 'quit') this.closing = true;
    return super.sendCommand(...args);
  }

  override duplicate(override?: Partial<RedisOptions>): Redis {
    return new HealingRedis({ ...this.options, ...override });
  }
}
