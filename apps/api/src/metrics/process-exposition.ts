import type { Context } from '@vigil/core';

/**
 * How long the process's /metrics text is served from memory. Rendering it costs milliseconds
 * of CPU (every route's duration histogram, the queue depths read from Redis), a scrape comes
 * every 15 s or so: a scraper reads figures at most this old, a flood of /metrics costs at most
 * two renders a second (see ProcessExposition).
 */
export const PROCESS_METRICS_MAX_AGE_MS = 1_000;

/** An app's `etag fn` setting (Express's generator, or the app's own): the ETag of a body, or none. */
export type EtagOf = (body: Buffer) => string | undefined;

/**
 * One render of the process's metrics: its text's UTF-8 bytes and its ETag, both computed once
 * per render (and per generator) instead of by res.send on every scrape: hashing
 * the text (tens of KB: every route's duration histogram) was most of a cached scrape's CPU.
 * Scrapes are answered with the bytes: Node writes a string whose worst-case UTF-8 size passes
 * 16 KB through a fresh copy outside the heap on every write, and under a flood of scrapes V8
 * ran a full collection 3 to 4 times a second; with the bytes kept, none (docs/decisions.md).
 */
export class RenderedMetrics {
  readonly body: Buffer;
  private tagged: { of: EtagOf; etag: string | undefined } | null = null;

  constructor(text: string) {
    this.body = Buffer.from(text);
  }

  get byteLength(): number {
    return this.body.length;
  }

  /** The ETag `of` gives the text's bytes, as res.send would compute it. */
  etag(of: EtagOf): string | undefined {
    if (this.tagged?.of !== of) this.tagged = { of, etag: of(this.body) };
    return this.tagged.etag;
  }
}

/**
 * The process's metrics in the Prometheus text format (prom-client's registry), never older than
 * PROCESS_METRICS_MAX_AGE_MS of the injected clock. A scrape of a text past half that age is
 * still answered with it, and starts the next render behind it: a steady flood of scrapes never
 * waits for a render (it did, once a second, for the render and the queue depths' Redis reads).
 * Only a scrape that finds no text younger than the maximum waits; scrapes that overlap a render
 * share it (one at a time).
 */
export class ProcessExposition {
  private cached: { rendered: RenderedMetrics; renderedAtMs: number } | null = null;
  private rendering: Promise<RenderedMetrics> | null = null;

  constructor(private readonly ctx: Context) {}

  get contentType(): string {
    return this.ctx.metrics.registry.contentType;
  }

  async current(): Promise<RenderedMetrics> {
    const nowMs = this.ctx.clock.now().getTime();
    const cached = this.cached;
    const age = cached ? nowMs - cached.renderedAtMs : -1;
    if (cached && age >= 0 && age < PROCESS_METRICS_MAX_AGE_MS) {
      if (age >= PROCESS_METRICS_MAX_AGE_MS / 2) this.render(nowMs).catch((e: unknown) => this.ctx.logger.warn('metrics render failed', { error: (e as Error).message }));
      return cached.rendered;
    }
    return this.render(nowMs);
  }

  /** The render under way, or a new one started at `nowMs`. */
  private render(nowMs: number): Promise<RenderedMetrics> {
    this.rendering ??= this.ctx.metrics.registry
      .metrics()
      .then((text) => {
        const rendered = new RenderedMetrics(text);
        this.cached = { rendered, renderedAtMs: nowMs };
        return rendered;
      })
      .finally(() => {
        this.rendering = null;
      });
    return this.rendering;
  }
}
