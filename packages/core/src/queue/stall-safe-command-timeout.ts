import { Command } from 'ioredis';
import { stallSafeTimeout } from '../time/stall-safe-timeout.js';

let installed = false;

/**
 * Makes ioredis's command timeout (the `commandTimeout` option) stall-safe, once per process.
 * ioredis rejects a command when its timer fires. After an event-loop stall longer than the
 * timeout (a long garbage collection, a starved CPU) the timer is due together with the answer,
 * and timers run before the poll phase that reads the answer: a command Redis answered in time
 * failed with "Command timed out", and its request with a 503. Here the rejection is a
 * stallSafeTimeout: an answer already in the socket is read first and wins; a command Redis does
 * not answer still fails at its timeout.
 *
 * Installed by createRedisConnection. Only connections with a command timeout call
 * Command#setTimeout (the fail-fast `client` ones); BullMQ's blocking connections have none. A
 * command sent again (after a reconnect) arms a second timer, as ioredis's own re-arm does not:
 * the first one's deadline still holds, and a later rejection of a settled command does nothing.
 */
export function installStallSafeCommandTimeout(): void {
  if (installed) return;
  installed = true;
  Command.prototype.setTimeout = function stallSafeCommandTimeout(this: Command, ms: number): void {
    const timer = stallSafeTimeout(() => {
      if (!this.isResolved) this.reject(new Error('Command timed out'));
    }, ms);
    const clear = () => timer.clear();
    this.promise.then(clear, clear);
  };
}
