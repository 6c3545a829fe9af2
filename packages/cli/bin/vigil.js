#!/usr/bin/env node
// The `vigil` command. The TypeScript sources are compiled by `npm ci` (the root prepare script)
// or `npm run build`; this shim only loads the compiled entry point.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';

// Before any of Vigil is loaded: V8 must not pretenure (allocate straight into the old
// generation) objects it once saw surviving. A request's or a job's objects outlive a scavenge
// now and then; once their allocation sites were pretenured, each dead old object kept the young
// objects it pointed at alive until the next full GC, and the API spent its time in 10 ms
// scavenges and 30 ms mark-compacts (docs/decisions.md, "Per-request objects kept young").
v8.setFlagsFromString('--no-allocation-site-pretenuring');

const entry = new URL('../dist/run.js', import.meta.url);
if (!existsSync(fileURLToPath(entry))) {
  console.error('vigil: not built yet. Run `npm ci` (or `npm run build`) at the repository root first.');
  process.exit(1);
}
await import(entry.href);
