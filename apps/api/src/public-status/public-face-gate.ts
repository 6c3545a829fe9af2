/**
 * The public face's share of one API process (status pages, their JSON and feeds, badges).
 * Authenticated API requests come first:
 * - while the API is idle (no API request in flight, none ended in the last `holdMs`), public
 *   requests go at once (a crowd may use the whole process when nobody else needs it);
 * - while it is busy, public requests are admitted at `busyRate` per second (with a `burst` of
 *   tokens); the others wait in one line, first come first served;
 * - a request that waited `maxWaitMs`, or finds `maxQueue` already waiting, is shed (the caller
 *   answers 503 with Retry-After).
 * When the API falls idle the line is drained `idleBatch` requests per event-loop turn, so a
 * long line never becomes one long stall for the next API request. The hold keeps a moment
 * between two API requests (a client that is slow to send its next one, or descheduled) from
 * counting as idle.
 * A waiting request costs nothing but its parsed headers; and since a client waits for its
 * answer before it asks again, a crowd that waits also stops sending.
 */
export interface PublicFaceGateOptions {
  busyRate: number;
  burst: number;
  idleBatch: number;
  maxQueue: number;
  maxWaitMs: number;
  holdMs: number;
  /** Milliseconds (monotonic in the API: performance.now). */
  now: () => number;
  /** Runs `fn` after `ms` (0: on the next event-loop turn); returns a cancel. */
  schedule: (fn: () => void, ms: number) => () => void;
}

/** Defaults for one API process; see docs/decisions.md "Status pages under load". */
export const PUBLIC_FACE_DEFAULTS = { busyRate: 200, burst: 20, idleBatch: 16, maxQueue: 1_000, maxWaitMs: 2_000, holdMs: 1_000 } as const;

/** Seconds a shed client is told to wait (Retry-After). */
export const PUBLIC_RETRY_AFTER_S = 5;

interface Waiter {
  go: (admitted: boolean) => void;
  deadline: number;
  gone: boolean;
}

export class PublicFaceGate {
  private apiInFlight = 0;
  private lastApiEnd = -Infinity;
  private tokens: number;
  private refilledAt: number;
  private readonly line: Waiter[] = [];
  private wakeAt = Infinity;
  private cancelWake: (() => void) | null = null;

  constructor(private readonly opts: PublicFaceGateOptions) {
    this.tokens = opts.burst;
    this.refilledAt = opts.now();
  }

  /** An API (non-public) request started; call the returned function once it ended (extra calls are ignored). */
  apiStarted(): () => void {
    this.apiInFlight++;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.apiInFlight--;
      if (this.apiInFlight > 0) return;
      this.lastApiEnd = this.opts.now();
      if (this.line.length) this.wake(this.opts.holdMs);
    };
  }

  /**
   * A public request asks to go: `go(true)` when admitted (synchronously if it may go at once),
   * `go(false)` when shed. For a request that waits, the returned function takes it out of the
   * line (its client left; after `go` it does nothing); null when `go` was called at once.
   */
  enter(go: (admitted: boolean) => void): (() => void) | null {
    if (!this.line.length && this.mayGo()) {
      go(true);
      return null;
    }
    if (this.line.length >= this.opts.maxQueue) {
      go(false);
      return null;
    }
    const waiter: Waiter = { go, deadline: this.opts.now() + this.opts.maxWaitMs, gone: false };
    this.line.push(waiter);
    this.wake(this.msToNextTurn());
    return () => {
      waiter.gone = true;
    };
  }

  /** How many public requests wait (for tests and metrics). */
  get waiting(): number {
    return this.line.filter((w) => !w.gone).length;
  }

  private busy(): boolean {
    return this.apiInFlight > 0 || this.opts.now() - this.lastApiEnd < this.opts.holdMs;
  }

  /** Takes a token while the API is busy; always true while it is idle. */
  private mayGo(): boolean {
    if (!this.busy()) return true;
    this.refill();
    if (this.tokens < 1) return false;
    this.tokens--;
    return true;
  }

  private refill(): void {
    const now = this.opts.now();
    this.tokens = Math.min(Math.max(1, this.opts.burst), this.tokens + (Math.max(0, now - this.refilledAt) * this.opts.busyRate) / 1000);
    this.refilledAt = now;
  }

  /** When the line must be looked at again: now while the API is idle, else at the next token, the first deadline or the hold's end. */
  private msToNextTurn(): number {
    if (!this.busy()) return 0;
    this.refill();
    const now = this.opts.now();
    const token = Math.ceil(((1 - this.tokens) * 1000) / this.opts.busyRate);
    const deadline = this.line.length ? this.line[0].deadline - now : Infinity;
    const holdEnds = this.apiInFlight === 0 ? this.lastApiEnd + this.opts.holdMs - now : Infinity;
    return Math.max(1, Math.min(token, deadline, holdEnds));
  }

  private wake(ms: number): void {
    const at = this.opts.now() + ms;
    if (this.cancelWake && this.wakeAt <= at) return;
    this.cancelWake?.();
    this.wakeAt = at;
    this.cancelWake = this.opts.schedule(() => {
      this.cancelWake = null;
      this.wakeAt = Infinity;
      this.drain();
    }, ms);
  }

  private drain(): void {
    const now = this.opts.now();
    // Deadlines follow arrival order: the expired ones are at the front.
    while (this.line.length && (this.line[0].gone || this.line[0].deadline <= now)) {
      const shed = this.line.shift();
      if (shed && !shed.gone) shed.go(false);
    }
    let admitted = 0;
    for (let next = this.line[0]; next; next = this.line[0]) {
      if (!next.gone) {
        if (!this.busy() ? admitted >= this.opts.idleBatch : !this.mayGo()) break;
        admitted++;
      }
      this.line.shift();
      if (!next.gone) next.go(true);
    }
    if (this.line.length) this.wake(this.msToNextTurn());
  }
}
