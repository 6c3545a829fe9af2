import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/** Where a system Chromium is looked for when no environment variable names one (Debian's package). */
const SYSTEM_CHROMIUM = '/usr/bin/chromium';
/** The variables that name a Chromium to use instead, first set wins. */
const PATH_VARIABLES = ['CHROMIUM_PATH', 'PUPPETEER_EXECUTABLE_PATH', 'CHROME_PATH'] as const;

/** The system's Chromium: the one an environment variable names, else Debian's when installed. */
function systemChromium(): string | undefined {
  for (const name of PATH_VARIABLES) {
    const value = process.env[name];
    if (value) {
      if (!existsSync(value)) throw new Error(`${name} names ${value}, which does not exist`);
      return value;
    }
  }
  return existsSync(SYSTEM_CHROMIUM) ? SYSTEM_CHROMIUM : undefined;
}

/**
 * The Chromium that ships inside the npm package `@sparticuz/chromium` (brotli-packed in its
 * tarball, so `npm ci` brings it with no install script and no download), unpacked once per
 * package version into the temp directory. The package unpacks into `os.tmpdir()`, so it runs in
 * a child process whose TMPDIR is a fresh staging directory, which is then renamed into place:
 * concurrent test runs never see a half-written binary, and another version never reuses it.
 */
async function packagedChromium(): Promise<string> {
  const require = createRequire(import.meta.url);
  const packageRoot = path.resolve(path.dirname(require.resolve('@sparticuz/chromium')), '../..');
  const { version } = JSON.parse(readFileSync(path.join(packageRoot, 'package.json'), 'utf8')) as { version: string };
  const dir = path.join(os.tmpdir(), `vigil-chromium-${version}`);
  const binary = path.join(dir, 'chromium');
  if (existsSync(binary)) return binary;
  const staging = await mkdtemp(`${dir}-staging-`);
  try {
    const unpack = "import chromium from '@sparticuz/chromium'; process.stdout.write(await chromium.executablePath());";
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', unpack], {
      cwd: packageRoot,
      env: { ...process.env, TMPDIR: staging },
    });
    if (stdout !== path.join(staging, 'chromium')) throw new Error(`@sparticuz/chromium unpacked to ${stdout}, not into ${staging}`);
    await rename(staging, dir).catch((e: NodeJS.ErrnoException) => {
      // Another run renamed its copy into place first: use that one.
      if (e.code !== 'ENOTEMPTY' && e.code !== 'EEXIST') throw e;
    });
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return binary;
}

/**
 * The Chromium the browser tests drive: a system one when present (CHROMIUM_PATH,
 * PUPPETEER_EXECUTABLE_PATH, CHROME_PATH, then /usr/bin/chromium), else the npm-packaged one, so
 * `npm test` needs nothing beyond `npm ci`. The packaged build links only glibc, libexpat and
 * NSS (libnss3, libnspr4) from the system.
 */
export async function chromiumExecutable(): Promise<string> {
  return systemChromium() ?? (await packagedChromium());
}
