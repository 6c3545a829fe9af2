/**
 * `npm run bench [name...]`: runs bench/*.bench.ts (or the named ones) one after another and
 * prints each result. Benchmarks are measurements, not tests: they never fail on a number.
 * Record results, with the machine and date, in docs/benchmarks.md.
 */
import { readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface BenchResult {
  name: string;
  /** Free-form lines for the report: measured values, baselines, ratios. */
  lines: string[];
}

const dir = path.dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const files = (await readdir(dir))
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => !wanted.length || wanted.some((w) => f.startsWith(w)))
  .sort();

console.log(`# Vigil benchmarks ${new Date().toISOString()} on ${os.cpus().length}x ${os.cpus()[0]?.model ?? 'cpu'}, node ${process.version}`);
// Every child a bench starts runs on this same Node.js (process.execPath), baselines included.
if (Number(process.versions.node.split('.')[0]) < 22) {
  console.log(`NOTE: Node.js ${process.version} is not a line Vigil supports (engines >=22.12; the image runs 24): put Node.js 24 first on PATH for figures that describe production`);
}
for (const file of files) {
  const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as { default: () => Promise<BenchResult> };
  const started = Date.now();
  const result = await mod.default();
  console.log(`\n## ${result.name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  for (const line of result.lines) console.log(`- ${line}`);
}
// A bench that could not measure everything it must (api-ops: an operation without a row) sets exitCode.
process.exit(process.exitCode ?? 0);
