// npm run test:clock-shift [-- jest options]: runs every test file that calls testClock (its
// ManualClock, see test/support/test-clock.ts) with the clock and its expected dates moved one
// year ahead and one year back. A time computed from the injected clock but judged by a
// server's own clock (a Redis expiry, PostgreSQL's now(), BullMQ) fails here even on the day
// the test was written. VIGIL_TEST_CLOCK_SHIFT_YEARS=N runs that one shift only.
import { spawnSync } from 'node:child_process';
import { REPO_ROOT, testFilesMatching } from './support/test-files.js';

const files = testFilesMatching(/\btestClock\(/);
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
    { cwd: REPO_ROOT, stdio: 'inherit', env: { ...process.env, VIGIL_TEST_CLOCK_SHIFT_YEARS: shift } },
  );
  if (run.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
