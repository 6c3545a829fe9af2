/**
 * Hostile targets on 127.0.0.1 for the scanner's robustness tests and benchmark: raw TCP
 * servers that answer a ClientHello badly (endless handshake, a 100 MB answer, one byte every
 * few seconds, nothing at all) and HTTP handlers that send a gzip bomb, a 100 MB body or a
 * body that never ends. Every writer respects backpressure, so the servers themselves stay
 * small, and `watchResources` measures what the scanner costs meanwhile.
 */
import type http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import zlib from 'node:zlib';

export interface RawServer {
  port: number;
  close(): Promise<void>;
}

/** A TCP server whose every connection is handed to `behave` once the client has spoken. */
export async function startRawServer(behave: (socket: net.Socket) => void): Promise<RawServer> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
    socket.once('data', () => behave(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Writes `next()` until it returns null or the socket closes or fails, waiting for drain when full. */
function pump(socket: net.Socket, next: () => Buffer | null): void {
  const write = () => {
    while (!socket.destroyed) {
      const chunk = next();
      if (!chunk) return;
      if (!socket.write(chunk)) return void socket.once('drain', write);
    }
  };
  write();
}

const record = (payload: Buffer) => Buffer.concat([Buffer.from([0x16, 3, 3, payload.length >> 8, payload.length & 0xff]), payload]);
const handshakeMessage = (type: number, body: Buffer) =>
  Buffer.concat([Buffer.from([type, body.length >> 16, (body.length >> 8) & 0xff, body.length & 0xff]), body]);

/** A TLS 1.2 ServerHello choosing ECDHE-RSA-AES128-GCM-SHA256, so the probe waits for more. */
export const SERVER_HELLO_RECORD = record(
  handshakeMessage(2, Buffer.concat([Buffer.from([3, 3]), Buffer.alloc(32, 1), Buffer.from([0]), Buffer.from([0xc0, 0x2f, 0])])),
);

/** ServerHello, then unknown handshake messages (type 99) in full records, forever. */
export function endlessHandshake(socket: net.Socket): void {
  const unknown = record(Buffer.concat(Array.from({ length: 64 }, () => handshakeMessage(99, Buffer.alloc(200)))));
  socket.write(SERVER_HELLO_RECORD);
  pump(socket, () => unknown);
}

/** ServerHello, then one handshake message announced at 16 MiB, sent up to `bytes` in all. */
export function hugeAnswer(bytes: number) {
  return (socket: net.Socket): void => {
    socket.write(SERVER_HELLO_RECORD);
    let sent = 0;
    const first = record(Buffer.concat([Buffer.from([11, 0xff, 0xff, 0xff]), Buffer.alloc(16_000)]));
    const filler = record(Buffer.alloc(16_384));
    pump(socket, () => {
      if (sent >= bytes) return null;
      const chunk = sent === 0 ? first : filler;
      sent += chunk.length;
      return chunk;
    });
  };
}

/** Answers with a valid start of a record, one byte every `intervalMs`, never finishing. */
export function slowloris(intervalMs: number, bytes: Buffer = SERVER_HELLO_RECORD) {
  return (socket: net.Socket): void => {
    let i = 0;
    const timer = setInterval(() => {
      if (socket.destroyed) return clearInterval(timer);
      socket.write(bytes.subarray(i % bytes.length, (i % bytes.length) + 1));
      i++;
    }, intervalMs);
    socket.on('close', () => clearInterval(timer));
  };
}

/** Accepts, reads, and never answers nor closes. */
export function silent(): void {
  return undefined;
}

/**
 * A gzip stream decoding to `mib` MiB of zeros, about 1 KB per MiB: members of 1 MiB each,
 * concatenated (a valid multi-member gzip file, which HTTP clients decode whole).
 */
export function gzipBomb(mib: number): Buffer {
  const member = zlib.gzipSync(Buffer.alloc(1024 * 1024), { level: 9 });
  return Buffer.concat(Array.from({ length: mib }, () => member));
}

/** 200 with a gzip-encoded body that decodes to `mib` MiB; HSTS sent so a header reader has something. */
export function serveGzipBomb(mib: number): (req: http.IncomingMessage, res: http.ServerResponse) => void {
  const bomb = gzipBomb(mib);
  return (_req, res) => {
    res.writeHead(200, { 'content-encoding': 'gzip', 'content-type': 'text/html', 'strict-transport-security': 'max-age=600' });
    res.end(bomb);
  };
}

/** 200 with a `bytes`-long body, written with backpressure. */
export function serveHugeBody(bytes: number): (req: http.IncomingMessage, res: http.ServerResponse) => void {
  const chunk = Buffer.alloc(64 * 1024, 0x61);
  return (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html', 'content-length': String(bytes), 'strict-transport-security': 'max-age=600' });
    let sent = 0;
    const write = () => {
      while (sent < bytes && !res.destroyed) {
        const piece = chunk.subarray(0, Math.min(chunk.length, bytes - sent));
        sent += piece.length;
        if (!res.write(piece)) return void res.once('drain', write);
      }
      res.end();
    };
    write();
  };
}

/** 200, headers and a first chunk, then nothing: the response never ends. */
export function serveNeverEnding(_req: http.IncomingMessage, res: http.ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/html', 'strict-transport-security': 'max-age=600' });
  res.write('<!doctype html>');
}

export interface ResourceUse {
  /** Resident set growth from the start, at its peak, in MiB. */
  peakRssGrowthMib: number;
  /** Heap growth at the end, in MiB. */
  heapGrowthMib: number;
  /** Longest event-loop delay seen, in ms (includes time the machine did not schedule the process). */
  maxEventLoopDelayMs: number;
  /** CPU time the process spent (user + system), in ms: the work done, whatever the machine's load. */
  cpuMs: number;
}

/**
 * Samples RSS every 20 ms and the event-loop delay while `work` runs. GC first, when the
 * process exposes it, so the start is a fair baseline.
 */
export async function watchResources<T>(work: () => Promise<T>): Promise<{ result: T | Error; use: ResourceUse }> {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const start = process.memoryUsage();
  let peakRss = start.rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const cpuStart = process.cpuUsage();
  let result: T | Error;
  try {
    result = await work();
  } catch (e) {
    result = e instanceof Error ? e : new Error(String(e));
  } finally {
    delay.disable();
    clearInterval(sampler);
  }
  const cpu = process.cpuUsage(cpuStart);
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  const mib = (n: number) => Math.round((n / 1024 / 1024) * 10) / 10;
  return {
    result,
    use: {
      peakRssGrowthMib: mib(peakRss - start.rss),
      heapGrowthMib: mib(process.memoryUsage().heapUsed - start.heapUsed),
      maxEventLoopDelayMs: Math.round(delay.max / 1e6),
      cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    },
  };
}
