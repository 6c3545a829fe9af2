import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Context } from './context.js';
import { checkReadiness } from './readiness.js';

/** The small HTTP server each worker app exposes: /healthz, /readyz and /metrics. */
export class HealthServer {
  private server: http.Server | undefined;

  constructor(
    private readonly ctx: Context,
    private readonly app: string,
    private readonly port: number,
  ) {}

  async listen(): Promise<number> {
    this.server = http.createServer((req, res) => {
      void this.handle(req.url ?? '/', res).catch(() => {
        res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"Internal server error"}');
      });
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(this.port, () => resolve());
    });
    return (this.server!.address() as AddressInfo).port;
  }

  private async handle(url: string, res: http.ServerResponse): Promise<void> {
    const path = url.split('?')[0];
    if (path === '/healthz') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'ok', app: this.app }));
    } else if (path === '/readyz') {
      const r = await checkReadiness(this.ctx);
      res
        .writeHead(r.ok ? 200 : 503, { 'content-type': 'application/json' })
        .end(JSON.stringify({ status: r.ok ? 'ready' : 'not ready', app: this.app, checks: r.checks }));
    } else if (path === '/metrics') {
      const body = await this.ctx.metrics.registry.metrics();
      res.writeHead(200, { 'content-type': this.ctx.metrics.registry.contentType }).end(body);
    } else {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not found"}');
    }
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
