interface Waiting<T> {
  run: () => Promise<T>;
  callers: { resolve: (value: T) => void; reject: (reason: unknown) => void }[];
}

/** The read of one key in progress, and the callers that arrived after it started. */
interface Flight<T> {
  next: Waiting<T> | null;
}

/**
 * Identical reads that overlap share one execution, and every caller still gets a read that
 * started after it asked: a caller arriving while a read of its key runs waits for the next
 * one, which starts when the running one ends and serves everyone who arrived meanwhile. So a
 * client that wrote and then reads never gets an answer computed before its write (read your
 * writes holds exactly, unlike a cache with a lifetime), while a crowd of identical reads (a
 * dashboard hammering its list) costs one execution per round instead of one per request.
 *
 * `key` must name everything the answer depends on (account, filters, page); `run` is one
 * caller's way to compute it, and any caller's is as good as another's.
 */
export class ReadCoalescer<T> {
  private readonly flights = new Map<string, Flight<T>>();

  read(key: string, run: () => Promise<T>): Promise<T> {
    const flight = this.flights.get(key);
    if (!flight) return this.start(key, run);
    const waiting = (flight.next ??= { run, callers: [] });
    return new Promise<T>((resolve, reject) => waiting.callers.push({ resolve, reject }));
  }

  /** Keys with a read in progress (what the tests look at). */
  get inFlight(): number {
    return this.flights.size;
  }

  private start(key: string, run: () => Promise<T>): Promise<T> {
    const flight: Flight<T> = { next: null };
    this.flights.set(key, flight);
    // A run that throws synchronously still settles its flight.
    const running = Promise.resolve().then(run);
    const settled = () => {
      const waiting = flight.next;
      if (!waiting) {
        this.flights.delete(key);
        return;
      }
      this.start(key, waiting.run).then(
        (value) => waiting.callers.forEach((c) => c.resolve(value)),
        (reason: unknown) => waiting.callers.forEach((c) => c.reject(reason)),
      );
    };
    running.then(settled, settled);
    return running;
  }
}
