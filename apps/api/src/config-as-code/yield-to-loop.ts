import { setImmediate } from 'node:timers/promises';

/** Entries checked or prepared between two turns of the event loop. */
const ENTRIES_PER_TURN = 100;

/**
 * Lets the event loop turn once every ENTRIES_PER_TURN entries of a long loop (`i`: the
 * entry's index). A document of thousands of entries is seconds of CPU whose awaits resolve
 * at once: without a turn, the process answers no other request meanwhile, and a dependency
 * probe in flight (its 1 s timer runs before its reply is read) can report Redis or PostgreSQL
 * lost, which answers every request in flight 503.
 */
export async function yieldEvery(i: number): Promise<void> {
  if (i > 0 && i % ENTRIES_PER_TURN === 0) await setImmediate();
}
