/** One of the four apps, started and stopped the same way whether alone or together. */
export interface AppProcess {
  readonly name: string;
  start(): Promise<void>;
  /** Finishes in-flight work (requests, jobs) within the bounded wait, then releases resources. */
  stop(): Promise<void>;
}
