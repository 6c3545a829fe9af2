// npm run test:clock-shift [-- jest options]: runs every test file that calls testClock (its
// ManualClock, see test/support/test-clock.ts) with the clock and its expected dates moved one
// year ahead and one year back. A time computed from the injected clock but judged by a
// server's own clock (a Redis expiry, PostgreSQL's now(), BullMQ) fails here even on the day
// the test was written. VIGIL_TEST_CLOCK_SHIFT_YEARS=N runs that one shift only.
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function testFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : testFiles(full);
    return entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const files = ['apps', 'packages', 'test']
  .flatMap((dir) => testFiles(path.join(root, dir)))
  .filter((file) => readFileSync(file, 'utf8').includes('testClock('))
  .map((file) => path.relative(root, file))
  .sort();
if (!files.length) {
  console.error('clock-shift: no test file calls testClock');
  process.exit(1);
}

const fixed = process.env.VIGIL_TEST_CLOCK_SHIFT_YEARS;
const shifts = fixed ? [fixed] : ['1', '-1'];
let failed = false;
for (const shift of shifts) {
  console.log(`clock-shift: ${files.length} files with the clock moved ${shift} year(s)`);
  const run = spawnSync(
    process.execPath,
    ['--experimental-vm-modules', '--no-warnings=ExperimentalWarning', 'node_modules/jest/bin/jest.js', ...process.argv.slice(2), '--runTestsByPath', ...files],
    { cwd: root, stdio: 'inherit', env: { ...process.env, VIGIL_TEST_CLOCK_SHIFT_YEARS: shift } },
  );
  if (run.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
