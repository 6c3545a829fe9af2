// npm run test:loaded [-- jest options]: runs the whole suite (the README's `npm test`) while
// other processes keep every core of the machine busy, several times in a row, and stops at the
// first failing run. A test that depends on how fast the host is fails here.
//
//   VIGIL_LOADED_RUNS      runs in a row (default 3)
//   VIGIL_LOADED_SPINNERS  CPU-bound processes beside the suite (default: one per core)
//   VIGIL_LOADED_MAX_MIN   a spinner ends by itself after this many minutes (default 60), even
//                          if this script is killed; it also ends when this script's process does
//
// Jest options narrow it down, e.g. `npm run test:loaded -- --selectProjects unit` or a path.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { REPO_ROOT } from './support/test-files.js';

function whole(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`test:loaded: ${name} must be a whole number, not ${raw}`);
    process.exit(2);
  }
  return value;
}

const runs = whole('VIGIL_LOADED_RUNS', 3);
const spinnerCount = whole('VIGIL_LOADED_SPINNERS', os.availableParallelism());
const maxMs = whole('VIGIL_LOADED_MAX_MIN', 60) * 60_000;

// Spins until its time is up or its parent (this script) is gone, whichever comes first.
const SPIN = `
const end = Date.now() + Number(process.argv[1]);
const parent = process.ppid;
for (let i = 0; Date.now() < end; i++) {
  if (i % 1e6 === 0) { try { process.kill(parent, 0); } catch { process.exit(0); } }
}`;

const spinners: ChildProcess[] = Array.from({ length: spinnerCount }, () =>
  spawn(process.execPath, ['-e', SPIN, String(maxMs)], { stdio: 'ignore' }),
);
function stopSpinners(): void {
  for (const s of spinners) if (s.exitCode === null && s.signalCode === null) s.kill('SIGKILL');
}
process.on('exit', stopSpinners);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    stopSpinners();
    process.exit(130);
  });
}

let status = 0;
for (let run = 1; run <= runs; run++) {
  console.log(`test:loaded: run ${run} of ${runs}, beside ${spinnerCount} CPU-bound process(es) on ${os.availableParallelism()} core(s), load ${os.loadavg()[0].toFixed(1)}`);
  // The README's command, as a newcomer types it.
  const result = spawnSync('npm', ['test', '--', ...process.argv.slice(2)], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`test:loaded: run ${run} of ${runs} failed (${result.status ?? result.signal}); stopping`);
    status = result.status ?? 1;
    break;
  }
}
stopSpinners();
if (!status) console.log(`test:loaded: ${runs} of ${runs} runs passed under load`);
process.exit(status);
