import path from 'node:path';
import {
  CI_NODE_LINES,
  CLI_ENTRY,
  DEFAULTS,
  WORKER_APPS,
  WORKSPACES,
  baseImage,
  copiesOf,
  dockerfile,
  envOf,
  finalStage,
  ignoredByDocker,
  imageCmd,
  imageEntrypoint,
  imageUser,
  lastInstruction,
  rootPackage,
  runsOf,
  stageByName,
  stageChain,
  startArgv,
  workdirOf,
  type DockerStage,
} from './deploy-files.js';

const NODE_SLIM = /^node:(\d+)(?:\.\d+)*-(?:[a-z]+-)?slim$/;

const runsInChain = (stage: DockerStage, test: (run: string) => boolean) =>
  stageChain(dockerfile, stage).some((s) => runsOf(s).some(test));
const fullInstall = (run: string) => /\bnpm ci\b/.test(run) && !/--omit[= ]dev|--production\b/.test(run);
const prodInstall = (run: string) => /\bnpm (ci|prune)\b.*--omit[= ]dev/.test(run);

/**
 * The stage whose files end up at `dir` (relative to the app root) in the image: the last
 * final-stage COPY --from that covers it (a later COPY overwrites an earlier one).
 */
function copiedFromStage(dir: string): DockerStage | undefined {
  const workdir = workdirOf(dockerfile, finalStage);
  return copiesOf(finalStage).flatMap((copy) => {
    const from = copy.from ? stageByName(dockerfile, copy.from) : undefined;
    if (!from) return [];
    const fromDir = workdirOf(dockerfile, from);
    const dest = path.posix.resolve(workdir, copy.dest);
    return copy.sources
      .map((src) => path.posix.resolve(fromDir, src))
      .filter((src) => {
        const relative = path.posix.relative(src, path.posix.join(fromDir, dir));
        // The source is the directory itself or one of its parents, landing at the same place.
        return !relative.startsWith('..') && path.posix.join(dest, relative) === path.posix.join(workdir, dir);
      })
      .map(() => from);
  }).pop();
}

describe('Dockerfile', () => {
  it('is multi-stage: every stage starts from a Node slim image or an earlier stage', () => {
    expect(dockerfile.stages.length).toBeGreaterThanOrEqual(3);
    const names = dockerfile.stages.map((s) => s.name).filter(Boolean);
    expect(new Set(names).size).toBe(names.length);
    dockerfile.stages.forEach((stage, i) => {
      const earlier = dockerfile.stages.slice(0, i).map((s) => s.name);
      if (!earlier.includes(stage.base)) expect(stage.base).toMatch(NODE_SLIM);
    });
  });

  it('runs on a slim image of a Node.js line CI tests (the newest) that satisfies engines.node', () => {
    const image = baseImage(dockerfile, finalStage);
    expect(image).toMatch(NODE_SLIM);
    const major = Number(NODE_SLIM.exec(image)![1]);
    expect(major).toBe(Math.max(...CI_NODE_LINES));
    const minimum = Number(/>=\s*(\d+)/.exec(rootPackage.engines?.node ?? '')?.[1]);
    expect(major).toBeGreaterThanOrEqual(minimum);
    // Every stage builds on the same Node, so native builds and the lockfile agree.
    for (const stage of dockerfile.stages) expect(baseImage(dockerfile, stage)).toBe(image);
  });

  it('installs every dependency with npm ci from the lockfile and builds with npm run build', () => {
    const build = dockerfile.stages.find((s) => runsOf(s).some((r) => /\bnpm run build\b/.test(r)));
    expect(build).toBeDefined();
    expect(runsInChain(build!, fullInstall)).toBe(true);
    const sources = dockerfile.stages.flatMap((s) => copiesOf(s).filter((c) => !c.from).flatMap((c) => c.sources));
    expect(sources).toContain('package-lock.json');
  });

  it('copies the manifest of every workspace before installing', () => {
    const manifestStage = dockerfile.stages.find((s) => runsOf(s).some(fullInstall));
    const chain = stageChain(dockerfile, manifestStage!);
    const copied = chain.flatMap((s) => copiesOf(s).filter((c) => !c.from).flatMap((c) => c.sources));
    for (const ws of WORKSPACES) expect(copied).toContain(`${ws}/package.json`);
  });

  it('puts production dependencies only in the runtime image, and installs nothing there', () => {
    expect(runsOf(finalStage).some((r) => /\bnpm (ci|install|i)\b/.test(r))).toBe(false);
    const modules = copiedFromStage('node_modules');
    expect(modules).toBeDefined();
    expect(runsInChain(modules!, prodInstall)).toBe(true);
    expect(runsInChain(modules!, fullInstall)).toBe(false);
  });

  it('copies the compiled dist/ of every workspace from the build stage', () => {
    for (const ws of WORKSPACES) {
      const from = copiedFromStage(`${ws}/dist`);
      expect({ ws, built: from !== undefined && runsInChain(from, (r) => /\bnpm run build\b/.test(r)) }).toEqual({
        ws,
        built: true,
      });
    }
  });

  it('contains the CLI entry point that it runs', () => {
    const workdir = workdirOf(dockerfile, finalStage);
    const entry = path.posix.join(workdir, CLI_ENTRY);
    const fromContext = copiesOf(finalStage)
      .filter((c) => !c.from)
      .some((c) =>
        c.sources.some((src) => {
          const relative = path.posix.relative(src, CLI_ENTRY);
          return !relative.startsWith('..') && path.posix.join(path.posix.resolve(workdir, c.dest), relative) === entry;
        }),
      );
    expect(fromContext || copiedFromStage(CLI_ENTRY) !== undefined).toBe(true);
  });

  it('runs with NODE_ENV=production', () => {
    expect(envOf(dockerfile, finalStage).NODE_ENV).toBe('production');
  });

  it('runs as a non-root numeric user (so runAsNonRoot can verify it)', () => {
    const user = imageUser();
    expect(user).toMatch(/^\d+$/);
    expect(Number(user)).toBeGreaterThan(0);
  });

  it('starts the API by default, with node as PID 1 (exec form, so SIGTERM reaches it)', () => {
    expect(lastInstruction(dockerfile, finalStage, 'ENTRYPOINT')?.args.trim().startsWith('[')).toBe(true);
    expect(lastInstruction(dockerfile, finalStage, 'CMD')?.args.trim().startsWith('[')).toBe(true);
    expect([...imageEntrypoint, ...imageCmd]).toEqual(startArgv('api'));
  });

  it('exposes the default ports of the apps', () => {
    const exposed = finalStage.instructions
      .filter((i) => i.keyword === 'EXPOSE')
      .flatMap((i) => i.args.trim().split(/\s+/))
      .map((p) => Number(p.split('/')[0]));
    const expected = [DEFAULTS.port, ...WORKER_APPS.map((a) => DEFAULTS.healthPorts[a])];
    expect(exposed.sort()).toEqual(expected.sort());
  });
});

describe('.dockerignore', () => {
  it('keeps host builds, installed modules, VCS data and secrets out of the build context', () => {
    for (const file of [
      'node_modules/x/index.js',
      'apps/api/node_modules/x/index.js',
      'packages/core/dist/index.js',
      'apps/api/dist/app.js',
      'packages/core/dist/.tsbuildinfo',
      '.git/HEAD',
      '.env',
      '.env.production',
    ]) {
      expect({ file, ignored: ignoredByDocker(file) }).toEqual({ file, ignored: true });
    }
  });

  it('keeps everything the Dockerfile copies from the context', () => {
    const sources = dockerfile.stages.flatMap((s) => copiesOf(s).filter((c) => !c.from).flatMap((c) => c.sources));
    const needed = [...sources, CLI_ENTRY, ...WORKSPACES.map((ws) => `${ws}/src/index.ts`), ...WORKSPACES.map((ws) => `${ws}/tsconfig.json`)];
    for (const file of needed) expect({ file, ignored: ignoredByDocker(file) }).toEqual({ file, ignored: false });
  });

  it('the build stage gets the sources of every workspace and the tsconfigs', () => {
    const build = dockerfile.stages.find((s) => runsOf(s).some((r) => /\bnpm run build\b/.test(r)))!;
    const copied = stageChain(dockerfile, build).flatMap((s) =>
      copiesOf(s)
        .filter((c) => !c.from)
        .flatMap((c) => c.sources),
    );
    for (const ws of WORKSPACES) {
      const covered = copied.some((src) => !path.posix.relative(src, `${ws}/src`).startsWith('..'));
      expect({ ws, covered }).toEqual({ ws, covered: true });
    }
    expect(copied).toEqual(expect.arrayContaining(['tsconfig.base.json', 'tsconfig.build.json']));
  });
});
