import type { Context } from '@vigil/core';
import { ReadCoalescer } from '../http/read-coalescer.js';

/**
 * How long the process's /metrics text is served from memory. Rendering it costs milliseconds
 * of CPU (every route's duration histogram, the queue depths read from Redis), a scrape comes
 * every 15 s or so: a scraper reads figures at most this old, a flood of /metrics costs one
 * render a second.
 */
export const PROCESS_METRICS_MAX_AGE_MS = 1_000;

/**
 * The process's metrics in the Prometheus text format (prom-client's registry), rendered at
 * most once per PROCESS_METRICS_MAX_AGE_MS of the injected clock; concurrent scrapes of an
 * expired text share one render.
 */
export class ProcessExposition {
  private cached: { text: string; renderedAtMs: number } | null = null;
  private readonly renders = new ReadCoalescer<string>();

  constructor(private readonly ctx: Context) {}

  get contentType(): string {
    return this.ctx.metrics.registry.contentType;
  }

  async text(): Promise<string> {
    const nowMs = this.ctx.clock.now().getTime();
    const cached = this.cached;
    if (cached && nowMs >= cached.renderedAtMs && nowMs - cached.renderedAtMs < PROCESS_METRICS_MAX_AGE_MS) return cached.text;
    return this.renders.read('', async () => {
      const text = await this.ctx.metrics.registry.metrics();
      this.cached = { text, renderedAtMs: nowMs };
      return text;
    });
  }
}
