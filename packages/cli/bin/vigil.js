#!/usr/bin/env node
// The `vigil` command. The TypeScript sources are compiled by `npm ci` (the root prepare script)
// or `npm run build`; this shim only loads the compiled entry point.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const entry = new URL('../dist/run.js', import.meta.url);
if (!existsSync(fileURLToPath(entry))) {
  console.error('vigil: not built yet. Run `npm ci` (or `npm run build`) at the repository root first.');
  process.exit(1);
}
await import(entry.href);
