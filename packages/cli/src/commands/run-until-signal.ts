import type { Logger } from '@vigil/core';
import type { CliIo } from '../cli-io.js';

/**
 * Resolves with the exit code once SIGTERM or SIGINT has stopped what runs: 0 after `stop()`,
 * 1 when it failed. A second signal while stopping exits at once. `what` names it in the lines
 * (`agent` → "agent shutting down", "vigil: agent shutdown failed: ..."; none → "shutting down").
 */
export function runUntilSignal(io: CliIo, logger: Logger, stop: () => Promise<void>, what?: string): Promise<number> {
  const prefix = what ? `${what} ` : '';
  return new Promise<number>((resolve) => {
    let stopping = false;
    const onSignal = (signal: NodeJS.Signals) => {
      if (stopping) {
        io.err(`vigil: ${signal} again, exiting now`);
        process.exit(1);
      }
      stopping = true;
      logger.info(`${prefix}shutting down`, { signal });
      stop().then(
        () => resolve(0),
        (e: Error) => {
          io.err(`vigil: ${prefix}shutdown failed: ${e.message}`);
          resolve(1);
        },
      );
    };
    process.on('SIGTERM', onSignal);
    process.on('SIGINT', onSignal);
  });
}
