import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { systemClock, type OutboundPolicy } from '@vigil/core';
import { blockEventLoop } from '@vigil/testing';
import { probe } from './probe.js';
import { createProbeClient } from './probe-client.js';
import type { HttpProbeTarget } from './probe-target.js';

/**
 * A checker whose event loop stalls past a check's deadline (a long GC, a starved CPU) must not
 * call a site that answered in time down. The site runs in a process of its own, so it answers
 * while this one is stalled: it says "answering" on stdout, waits 50 ms and answers; this side
 * stalls on that line, so the answer arrives during the stall.
 */
const SITE = `
const http = require('node:http');
const server = http.createServer((req, res) => {
  process.stdout.write('answering\\n');
  setTimeout(() => res.end('ok'), 50);
});
server.listen(0, '127.0.0.1', () => process.stdout.write('port ' + server.address().port + '\\n'));
`;

const OPEN: OutboundPolicy = { allowPrivate: true, dnsServers: [] };
const TIMEOUT_S = 0.5;

let site: ChildProcess;
let port: number;

beforeAll(async () => {
  site = spawn(process.execPath, ['-e', SITE], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: site.stdout! });
  port = await new Promise<number>((resolve) => {
    lines.on('line', (line) => {
      if (line.startsWith('port ')) resolve(Number(line.slice(5)));
      // The stall: well past the check's timeout, and long after the site's answer.
      if (line === 'answering') blockEventLoop(TIMEOUT_S * 1000 * 3);
    });
  });
});
afterAll(async () => {
  site.kill();
  await once(site, 'exit');
});

it('an http check whose answer arrived during an event-loop stall past its timeout is a success, not a timeout', async () => {
  const client = createProbeClient(OPEN);
  try {
    const target: HttpProbeTarget = {
      url: `http://127.0.0.1:${port}/`,
      method: 'GET',
      headers: {},
      body: null,
      timeoutSeconds: TIMEOUT_S,
      followRedirects: true,
      verifySsl: true,
      expectedStatusCodes: [200],
      expectedContent: null,
      assertions: [],
    };
    const result = await probe(client, target, systemClock);
    expect({ status: result.status, code: result.status_code, error: result.error }).toEqual({ status: 'success', code: 200, error: undefined });
  } finally {
    client.close();
  }
});
