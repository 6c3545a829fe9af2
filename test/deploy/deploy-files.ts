import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';
import { QUEUE_OWNERS, loadConfig, type Config } from '@vigil/core';

/**
 * Readers for the deployment files (Dockerfile, .dockerignore, docker-compose.yml, k8s/) and the
 * facts the tests hold them to, taken from the code: the apps, the CLI entry point, the config.
 */

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function readText(file: string): string {
  return readFileSync(path.join(ROOT, file), 'utf8');
}

export function readJson<T>(file: string): T {
  return JSON.parse(readText(file)) as T;
}

interface PackageJson {
  workspaces: string[];
  engines?: { node?: string };
  bin?: Record<string, string>;
}

export const rootPackage = readJson<PackageJson>('package.json');
export const WORKSPACES: readonly string[] = rootPackage.workspaces;

/** The Node.js major lines .ci/run runs the whole suite on (its NODE_LINES=(...)). */
export const CI_NODE_LINES: readonly number[] = (/^NODE_LINES=\(([\d ]+)\)$/m.exec(readText('.ci/run'))?.[1] ?? '').split(' ').filter(Boolean).map(Number);

export const WORKER_APPS = Object.keys(QUEUE_OWNERS) as (keyof typeof QUEUE_OWNERS)[];
/** The apps that serve HTTP on PORT: the API, and the public face on its own (`start public`). */
export const HTTP_APPS = ['api', 'public'] as const;
export type AppName = (typeof HTTP_APPS)[number] | keyof typeof QUEUE_OWNERS;
export const APPS: readonly AppName[] = [...HTTP_APPS, ...WORKER_APPS];

/** `packages/cli/bin/vigil.js`: the `vigil` bin of the CLI workspace, relative to the repo root. */
export const CLI_ENTRY = path.posix.join(
  'packages/cli',
  readJson<PackageJson>('packages/cli/package.json').bin?.vigil ?? 'MISSING-vigil-bin',
);

export const startArgv = (app: AppName): string[] => ['node', CLI_ENTRY, 'start', app];
export const MIGRATE_ARGV = ['node', CLI_ENTRY, 'migrate'];

/** Variables that may carry credentials: never in a ConfigMap. */
export const SECRET_VARS = ['DATABASE_URL', 'REDIS_URL', 'VIGIL_SECRET_KEY', 'VIGIL_ADMIN_TOKEN', 'SMTP_URL'];

/** The Config field each secret variable is read through (REDIS_URL: `redis`, the target built from it). */
const SECRET_FIELDS: Record<string, keyof Config> = {
  DATABASE_URL: 'databaseUrl',
  REDIS_URL: 'redis',
  VIGIL_SECRET_KEY: 'secretKey',
  VIGIL_ADMIN_TOKEN: 'adminToken',
  SMTP_URL: 'smtpUrl',
};

/** A process a deployment runs: an app, or the one-shot migration. */
export type DeployedProcess = AppName | 'migrate';

/** Core code every app runs (its context, workers, ...): not the config loader, not the migrations. */
const SHARED_CORE = 'packages/core/src';
const NOT_SHARED = ['packages/core/src/config', 'packages/core/src/db/migrations'];

/** Files a module runs within its package: itself and its relative imports, followed transitively. */
function importClosure(entries: string[]): string[] {
  const seen = new Set<string>();
  const visit = (rel: string): void => {
    if (seen.has(rel)) return;
    seen.add(rel);
    for (const m of readText(rel).matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)\.js'/g)) {
      visit(path.posix.join(path.posix.dirname(rel), `${m[1]}.ts`));
    }
  };
  entries.forEach(visit);
  return [...seen];
}

/** The source each process runs, besides the shared core for the apps. */
const PROCESS_SOURCES: Record<DeployedProcess, string[]> = {
  api: ['apps/api/src'],
  // The public face runs part of the API's code: what its app and its ops port import.
  public: importClosure(['apps/api/src/public-app.ts', 'apps/api/src/ops-app.ts']),
  checker: ['apps/checker/src'],
  scanner: ['apps/scanner/src'],
  notifier: ['apps/notifier/src'],
  migrate: ['packages/cli/src/commands/migrate.ts', 'packages/core/src/db/migrations'],
};

/** Production TypeScript files under a path (tests and test fixtures left out). */
function sourceFiles(rel: string): string[] {
  const abs = path.join(ROOT, rel);
  if (statSync(abs).isFile()) return [rel];
  return readdirSync(abs).flatMap((name) => {
    const child = path.posix.join(rel, name);
    if (NOT_SHARED.includes(child) || name === 'testing' || name === 'node_modules') return [];
    if (statSync(path.join(ROOT, child)).isDirectory()) return sourceFiles(child);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [child] : [];
  });
}

/**
 * The secret variables a process reads, derived from the code: every `config.<field>` (or
 * `loadConfig().<field>`) read of a secret's Config field in the files it runs.
 */
export function secretsReadBy(proc: DeployedProcess): string[] {
  const roots = proc === 'migrate' ? PROCESS_SOURCES.migrate : [...PROCESS_SOURCES[proc], SHARED_CORE];
  const text = roots.flatMap(sourceFiles).map(readText).join('\n');
  return SECRET_VARS.filter((v) => new RegExp(`\\b(?:config|loadConfig\\(\\))\\.${SECRET_FIELDS[v]}\\b`).test(text));
}

/** The configuration defaults: what a container that sets nothing listens on. */
export const DEFAULTS: Config = loadConfig({});

/** Why the app would refuse an environment at start-up, or undefined when it accepts it. */
export function configError(env: Record<string, string>): string | undefined {
  try {
    loadConfig(env);
    return undefined;
  } catch (e) {
    return (e as Error).message;
  }
}

/** The port an app serves its public traffic (API) or its probes (workers) on under a configuration. */
export function servingPort(config: Config, app: AppName): number {
  return app === 'api' || app === 'public' ? config.port : config.healthPorts[app];
}

/** The port an app answers probes and scrapes on: the API's ops port when it has one. */
export function probePort(config: Config, app: AppName): number {
  return app === 'api' || app === 'public' ? (config.opsPort ?? config.port) : config.healthPorts[app];
}

// ---------------------------------------------------------------------------------------------
// YAML

export function parseYamlDocs(text: string, file: string): unknown[] {
  return parseAllDocuments(text, { merge: true }).flatMap((doc) => {
    if (doc.errors.length) throw new Error(`${file}: ${doc.errors.map((e) => e.message).join('; ')}`);
    const value: unknown = doc.toJS();
    return value === null || value === undefined ? [] : [value];
  });
}

// ---------------------------------------------------------------------------------------------
// Dockerfile

export interface DockerInstruction {
  keyword: string;
  args: string;
}

export interface DockerStage {
  /** The FROM image or stage, build args resolved. */
  base: string;
  name: string | undefined;
  instructions: DockerInstruction[];
}

export interface Dockerfile {
  stages: DockerStage[];
}

export function parseDockerfile(text: string): Dockerfile {
  const logical: string[] = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#') || (line === '' && pending === '')) continue;
    if (line.endsWith('\\')) {
      pending += line.slice(0, -1) + ' ';
      continue;
    }
    logical.push((pending + line).trim());
    pending = '';
  }
  if (pending.trim()) logical.push(pending.trim());

  const globalArgs: Record<string, string> = {};
  const stages: DockerStage[] = [];
  for (const line of logical.filter(Boolean)) {
    const match = /^(\S+)\s*(.*)$/.exec(line)!;
    const keyword = match[1].toUpperCase();
    const args = match[2];
    if (keyword === 'FROM') {
      const from = /^(?:--platform=\S+\s+)?(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args);
      if (!from) throw new Error(`Dockerfile: cannot read "${line}"`);
      const base = from[1].replace(/\$\{(\w+)\}|\$(\w+)/g, (_, a?: string, b?: string) => {
        const name = (a ?? b)!;
        if (!(name in globalArgs)) throw new Error(`Dockerfile: FROM uses ARG ${name} without a default`);
        return globalArgs[name];
      });
      stages.push({ base, name: from[2], instructions: [] });
    } else if (stages.length === 0) {
      if (keyword !== 'ARG') throw new Error(`Dockerfile: ${keyword} before the first FROM`);
      const arg = /^(\w+)(?:=(.*))?$/.exec(args);
      if (arg?.[2] !== undefined) globalArgs[arg[1]] = arg[2].replace(/^"(.*)"$/, '$1');
    } else {
      stages[stages.length - 1].instructions.push({ keyword, args });
    }
  }
  return { stages };
}

/** The stage a FROM names, when it names one (rather than an image). */
export function stageByName(file: Dockerfile, name: string): DockerStage | undefined {
  return file.stages.find((s) => s.name === name);
}

/** The stage and the stages it is built FROM, nearest first. */
export function stageChain(file: Dockerfile, stage: DockerStage): DockerStage[] {
  const chain = [stage];
  for (let s = stageByName(file, stage.base); s; s = stageByName(file, s.base)) chain.push(s);
  return chain;
}

/** The image a stage starts from, after following FROM <stage> links. */
export function baseImage(file: Dockerfile, stage: DockerStage): string {
  const chain = stageChain(file, stage);
  return chain[chain.length - 1].base;
}

/** Instructions in effect in a stage, inherited ones first. */
export function effectiveInstructions(file: Dockerfile, stage: DockerStage): DockerInstruction[] {
  return stageChain(file, stage)
    .reverse()
    .flatMap((s) => s.instructions);
}

export function workdirOf(file: Dockerfile, stage: DockerStage): string {
  let dir = '/';
  for (const i of effectiveInstructions(file, stage)) {
    if (i.keyword === 'WORKDIR') dir = path.posix.resolve(dir, i.args.trim());
  }
  return dir;
}

/** Exec-form JSON array; shell form becomes /bin/sh -c (which would swallow SIGTERM). */
export function execForm(args: string): string[] {
  const trimmed = args.trim();
  if (trimmed.startsWith('[')) return JSON.parse(trimmed) as string[];
  return ['/bin/sh', '-c', trimmed];
}

export interface DockerCopy {
  from: string | undefined;
  sources: string[];
  dest: string;
}

export function copiesOf(stage: DockerStage): DockerCopy[] {
  return stage.instructions
    .filter((i) => i.keyword === 'COPY' || i.keyword === 'ADD')
    .map((i) => {
      const words = i.args.trim().startsWith('[') ? execForm(i.args) : i.args.trim().split(/\s+/);
      const flags = words.filter((w) => w.startsWith('--'));
      const paths = words.filter((w) => !w.startsWith('--'));
      const from = flags.find((f) => f.startsWith('--from='))?.slice('--from='.length);
      return { from, sources: paths.slice(0, -1), dest: paths[paths.length - 1] };
    });
}

export function runsOf(stage: DockerStage): string[] {
  return stage.instructions.filter((i) => i.keyword === 'RUN').map((i) => i.args);
}

/** ENV values of a stage (inherited included), both `ENV K=V` and the legacy `ENV K V`. */
export function envOf(file: Dockerfile, stage: DockerStage): Record<string, string> {
  const env: Record<string, string> = {};
  for (const i of effectiveInstructions(file, stage)) {
    if (i.keyword !== 'ENV') continue;
    const legacy = /^(\w+)\s+([^=]*)$/.exec(i.args.trim());
    if (legacy) {
      env[legacy[1]] = legacy[2].trim();
      continue;
    }
    for (const m of i.args.matchAll(/(\w+)=("[^"]*"|\S+)/g)) env[m[1]] = m[2].replace(/^"(.*)"$/, '$1');
  }
  return env;
}

export function lastInstruction(file: Dockerfile, stage: DockerStage, keyword: string): DockerInstruction | undefined {
  return effectiveInstructions(file, stage)
    .filter((i) => i.keyword === keyword)
    .pop();
}

export const dockerfile = parseDockerfile(readText('Dockerfile'));
export const finalStage = dockerfile.stages[dockerfile.stages.length - 1];

/** What the image runs when nothing overrides it: ENTRYPOINT followed by CMD. */
export const imageEntrypoint = execForm(lastInstruction(dockerfile, finalStage, 'ENTRYPOINT')?.args ?? '[]');
export const imageCmd = execForm(lastInstruction(dockerfile, finalStage, 'CMD')?.args ?? '[]');

/** The uid the image runs as, from its last USER (`uid[:gid]`). */
export function imageUser(): string | undefined {
  return lastInstruction(dockerfile, finalStage, 'USER')?.args.trim().split(':')[0];
}

/** A .dockerignore glob: `*` and `?` within one path segment, `**` across any number of them. */
function globToRegExp(glob: string): RegExp {
  const parts = glob.split('/');
  const source = parts
    .map((part, i) => {
      const last = i === parts.length - 1;
      if (part === '**') return last ? '.*' : '(?:.*/)?';
      const segment = part.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*').replace(/\?/g, '[^/]');
      return last ? segment : `${segment}/`;
    })
    .join('');
  return new RegExp(`^${source}$`);
}

/** .dockerignore patterns in order; `!` re-includes. */
export function dockerignore(): { pattern: RegExp; negate: boolean }[] {
  return readText('.dockerignore')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => {
      const negate = l.startsWith('!');
      const glob = path.posix.normalize((negate ? l.slice(1) : l).replace(/^\/+/, ''));
      return { pattern: globToRegExp(glob), negate };
    });
}

/** Whether the build context leaves a path out: a path is excluded with its directory. */
export function ignoredByDocker(file: string): boolean {
  const parts = path.posix.normalize(file).split('/');
  const candidates = parts.map((_, i) => parts.slice(0, i + 1).join('/'));
  let ignored = false;
  for (const rule of dockerignore()) {
    if (candidates.some((c) => rule.pattern.test(c))) ignored = !rule.negate;
  }
  return ignored;
}

// ---------------------------------------------------------------------------------------------
// docker-compose.yml

type Scalar = string | number | boolean | null;

export interface ComposeService {
  image?: string;
  build?: string | { context?: string; dockerfile?: string };
  command?: string | string[];
  entrypoint?: string | string[];
  environment?: Record<string, Scalar> | string[];
  env_file?: unknown;
  depends_on?: string[] | Record<string, { condition?: string }>;
  healthcheck?: { test?: string | string[]; disable?: boolean };
  ports?: (string | number | { target?: number; published?: string | number })[];
  volumes?: (string | { source?: string; target?: string })[];
  stop_grace_period?: string;
  restart?: string;
}

export interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
  'x-vigil-env'?: Record<string, Scalar>;
}

export const compose = parseYamlDocs(readText('docker-compose.yml'), 'docker-compose.yml')[0] as ComposeFile;

/**
 * Compose variable substitution as `docker compose up` does it with `shell` set in the shell or
 * .env (nothing by default): a set variable gives its value; otherwise `${X:-default}` and
 * `${X-default}` give the default, `${X}`/`$X` nothing, `${X:?message}` stops; `$$` is a `$`.
 */
export function interpolate(value: string, shell: Record<string, string> = {}): string {
  return value.replace(
    /\$\$|\$\{(\w+)(?:(:?[-?])([^}]*))?\}|\$(\w+)/g,
    (all, name?: string, op?: string, arg?: string, bare?: string) => {
      if (all === '$$') return '$';
      const given = shell[(name ?? bare)!];
      if (given) return given;
      if (op?.endsWith('?')) throw new Error(`compose requires ${name} to be set: ${arg}`);
      return op ? (arg ?? '') : '';
    },
  );
}

/** What the header of docker-compose.yml tells a user to set before `docker compose up`. */
export const COMPOSE_SHELL: Record<string, string> = { VIGIL_SECRET_KEY: 'compose-test-secret-key-of-32-characters' };

/** A service's container environment, interpolated (with `shell` set), as strings. */
export function composeEnv(service: ComposeService, shell: Record<string, string> = COMPOSE_SHELL): Record<string, string> {
  const env = service.environment ?? {};
  const entries = Array.isArray(env)
    ? env.map((e) => {
        const i = e.indexOf('=');
        return i < 0 ? ([e, ''] as const) : ([e.slice(0, i), e.slice(i + 1)] as const);
      })
    : Object.entries(env).map(([k, v]) => [k, v === null ? '' : String(v)] as const);
  return Object.fromEntries(entries.map(([k, v]) => [k, interpolate(v, shell)]));
}

function words(value: string | string[] | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value.map(String) : value.trim().split(/\s+/);
}

/** What a service's container runs: its entrypoint/command over the image's. */
export function composeArgv(service: ComposeService): string[] {
  const entrypoint = words(service.entrypoint);
  const command = words(service.command);
  if (entrypoint) return [...entrypoint, ...(command ?? [])];
  return [...imageEntrypoint, ...(command ?? imageCmd)];
}

/** The services that run the Vigil image (built from this repository's Dockerfile). */
export function vigilServices(): [string, ComposeService][] {
  const all = Object.entries(compose.services);
  const builtHere = (s: ComposeService) => {
    const context = typeof s.build === 'string' ? s.build : s.build?.context;
    return context !== undefined && path.posix.normalize(context) === '.';
  };
  const images = new Set(all.filter(([, s]) => builtHere(s)).map(([, s]) => s.image));
  return all.filter(([, s]) => builtHere(s) || (s.image !== undefined && images.has(s.image)));
}

/** `40s`, `1m30s`, `500ms` as milliseconds. */
export function composeDurationMs(value: string): number {
  let ms = 0;
  const re = /(\d+(?:\.\d+)?)(ms|us|h|m|s)/g;
  let consumed = '';
  for (const m of value.matchAll(re)) {
    const factor = { h: 3_600_000, m: 60_000, s: 1000, ms: 1, us: 0.001 }[m[2]]!;
    ms += Number(m[1]) * factor;
    consumed += m[0];
  }
  if (consumed !== value) throw new Error(`not a compose duration: ${value}`);
  return ms;
}

/** The loopback URL a compose healthcheck command requests. */
export function healthcheckUrl(service: ComposeService): URL | undefined {
  const test = service.healthcheck?.test;
  const text = Array.isArray(test) ? test.join(' ') : (test ?? '');
  const m = /https?:\/\/(?:127\.0\.0\.1|localhost)(?::\d+)?\/[^\s'"`)]*/.exec(text);
  return m ? new URL(m[0]) : undefined;
}

// ---------------------------------------------------------------------------------------------
// k8s/

export interface K8sContainer {
  name: string;
  image?: string;
  command?: string[];
  args?: string[];
  env?: {
    name: string;
    value?: string;
    valueFrom?: {
      configMapKeyRef?: { name: string; key: string };
      secretKeyRef?: { name: string; key: string };
    };
  }[];
  envFrom?: { prefix?: string; configMapRef?: { name: string }; secretRef?: { name: string } }[];
  ports?: { name?: string; containerPort: number }[];
  volumeMounts?: { name: string; mountPath: string; readOnly?: boolean }[];
  livenessProbe?: K8sProbe;
  readinessProbe?: K8sProbe;
  startupProbe?: K8sProbe;
  lifecycle?: { preStop?: { exec?: { command?: string[] }; sleep?: { seconds: number } } };
  resources?: {
    requests?: Record<string, string | number>;
    limits?: Record<string, string | number>;
  };
  securityContext?: {
    runAsNonRoot?: boolean;
    runAsUser?: number;
    allowPrivilegeEscalation?: boolean;
    readOnlyRootFilesystem?: boolean;
    privileged?: boolean;
    capabilities?: { drop?: string[]; add?: string[] };
  };
}

export interface K8sProbe {
  httpGet?: { path?: string; port: number | string };
}

export interface K8sPodSpec {
  containers: K8sContainer[];
  automountServiceAccountToken?: boolean;
  initContainers?: K8sContainer[];
  restartPolicy?: string;
  terminationGracePeriodSeconds?: number;
  volumes?: { name: string; configMap?: { name: string }; emptyDir?: Record<string, never> }[];
  securityContext?: {
    runAsNonRoot?: boolean;
    runAsUser?: number;
    runAsGroup?: number;
    seccompProfile?: { type?: string };
  };
}

export interface K8sResource {
  apiVersion: string;
  kind: string;
  metadata: {
    name: string;
    namespace?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
  };
  /** The k8s/ file the resource came from. */
  file: string;
  data?: Record<string, string>;
  stringData?: Record<string, string>;
  spec?: {
    replicas?: number;
    selector?: { matchLabels?: Record<string, string> } | Record<string, string>;
    template?: { metadata?: { labels?: Record<string, string>; annotations?: Record<string, string> }; spec: K8sPodSpec };
    backoffLimit?: number;
    ports?: { name?: string; port: number; targetPort?: number | string }[];
    scaleTargetRef?: { apiVersion?: string; kind?: string; name: string };
    minReplicas?: number;
    maxReplicas?: number;
    minReplicaCount?: number;
    maxReplicaCount?: number;
    metrics?: {
      type: string;
      resource?: { name: string; target?: { type?: string; averageUtilization?: number } };
    }[];
    triggers?: {
      type: string;
      metadata?: Record<string, string>;
      authenticationRef?: { name: string; kind?: string };
    }[];
    secretTargetRef?: { parameter: string; name: string; key: string }[];
    minAvailable?: number | string;
    maxUnavailable?: number | string;
    podSelector?: { matchLabels?: Record<string, string> };
    policyTypes?: ('Ingress' | 'Egress')[];
    ingress?: PolicyRule[];
    egress?: PolicyRule[];
  };
}

/** A peer of a NetworkPolicy rule. */
export interface PolicyPeer {
  podSelector?: { matchLabels?: Record<string, string> };
  namespaceSelector?: { matchLabels?: Record<string, string> };
  ipBlock?: { cidr: string; except?: string[] };
}

/** A NetworkPolicy rule: peers (none: any) and ports (none: all). */
export interface PolicyRule {
  to?: PolicyPeer[];
  from?: PolicyPeer[];
  ports?: { port?: number | string; protocol?: string }[];
}

export interface Kustomization {
  namespace?: string;
  resources?: string[];
  images?: { name: string; newName?: string; newTag?: string }[];
}

export const kustomization = parseYamlDocs(readText('k8s/kustomization.yaml'), 'k8s/kustomization.yaml')[0] as Kustomization;

/** Every resource of every file the kustomization lists. */
export const k8sResources: K8sResource[] = (kustomization.resources ?? []).flatMap((file) =>
  parseYamlDocs(readText(path.posix.join('k8s', file)), file).map((doc) => ({ ...(doc as K8sResource), file })),
);

export function resourcesOf(kind: string): K8sResource[] {
  return k8sResources.filter((r) => r.kind === kind);
}

export function resource(kind: string, name: string): K8sResource {
  const found = k8sResources.find((r) => r.kind === kind && r.metadata.name === name);
  if (!found) throw new Error(`k8s: no ${kind} named ${name}`);
  return found;
}

/** The Deployment of an app, found by its `app.kubernetes.io/component` label. */
export function deploymentOf(app: string): K8sResource[] {
  return resourcesOf('Deployment').filter((d) => d.metadata.labels?.['app.kubernetes.io/component'] === app);
}

export function workloads(): K8sResource[] {
  return k8sResources.filter((r) => r.spec?.template?.spec);
}

export function podSpec(r: K8sResource): K8sPodSpec {
  const spec = r.spec?.template?.spec;
  if (!spec) throw new Error(`${r.kind} ${r.metadata.name} has no pod template`);
  return spec;
}

/** What a container runs: `command` replaces the image ENTRYPOINT (and its CMD), `args` the CMD. */
export function containerArgv(c: K8sContainer): string[] {
  if (c.command) return [...c.command, ...(c.args ?? [])];
  return [...imageEntrypoint, ...(c.args ?? imageCmd)];
}

export function secretData(secret: K8sResource): Record<string, string> {
  const decoded = Object.fromEntries(
    Object.entries(secret.data ?? {}).map(([k, v]) => [k, Buffer.from(v, 'base64').toString('utf8')]),
  );
  return { ...decoded, ...Object.fromEntries(Object.entries(secret.stringData ?? {}).map(([k, v]) => [k, String(v)])) };
}

function configMapData(name: string): Record<string, string> {
  const cm = resource('ConfigMap', name);
  return Object.fromEntries(Object.entries(cm.data ?? {}).map(([k, v]) => [k, String(v)]));
}

/** The environment a container starts with: envFrom in order, then env. */
export function containerEnv(c: K8sContainer): Record<string, string> {
  const env: Record<string, string> = {};
  for (const from of c.envFrom ?? []) {
    const data = from.configMapRef
      ? configMapData(from.configMapRef.name)
      : from.secretRef
        ? secretData(resource('Secret', from.secretRef.name))
        : {};
    for (const [k, v] of Object.entries(data)) env[(from.prefix ?? '') + k] = v;
  }
  for (const e of c.env ?? []) {
    const ref = e.valueFrom;
    if (ref?.configMapKeyRef) env[e.name] = configMapData(ref.configMapKeyRef.name)[ref.configMapKeyRef.key];
    else if (ref?.secretKeyRef) env[e.name] = secretData(resource('Secret', ref.secretKeyRef.name))[ref.secretKeyRef.key];
    else env[e.name] = e.value ?? '';
  }
  return env;
}

/** A probe's port as a number: named ports resolve through the container's ports. */
export function resolvePort(c: K8sContainer, port: number | string): number {
  if (typeof port === 'number') return port;
  if (/^\d+$/.test(port)) return Number(port);
  const named = c.ports?.find((p) => p.name === port);
  if (!named) throw new Error(`container ${c.name} has no port named ${port}`);
  return named.containerPort;
}

export function selectorLabels(r: K8sResource): Record<string, string> {
  const selector = r.spec?.selector ?? {};
  const match = (selector as { matchLabels?: Record<string, string> }).matchLabels;
  return match ?? (selector as Record<string, string>);
}

export function selects(selector: Record<string, string>, labels: Record<string, string> | undefined): boolean {
  return Object.keys(selector).length > 0 && Object.entries(selector).every(([k, v]) => labels?.[k] === v);
}

// ---------------------------------------------------------------------------------------------
// What the manifests expect each app to serve

export interface ServedEndpoint {
  app: AppName;
  /** Where the expectation is written, for failure messages. */
  where: string;
  port: number;
  path: string;
}

/** Every (port, path) that compose health checks, k8s probes and scrape annotations request. */
export function servedEndpoints(): ServedEndpoint[] {
  const out: ServedEndpoint[] = [];
  for (const [name, service] of vigilServices()) {
    const app = APPS.find((a) => composeArgv(service).join(' ') === startArgv(a).join(' '));
    const url = healthcheckUrl(service);
    if (app && url) {
      out.push({ app, where: `docker-compose.yml services.${name}.healthcheck`, port: Number(url.port || 80), path: url.pathname });
    }
  }
  for (const app of APPS) {
    for (const d of deploymentOf(app)) {
      const spec = podSpec(d);
      for (const c of spec.containers) {
        for (const kind of ['livenessProbe', 'readinessProbe', 'startupProbe'] as const) {
          const get = c[kind]?.httpGet;
          if (get) {
            out.push({ app, where: `${d.file} ${c.name}.${kind}`, port: resolvePort(c, get.port), path: get.path ?? '/' });
          }
        }
      }
      const annotations = d.spec?.template?.metadata?.annotations ?? {};
      if (annotations['prometheus.io/scrape'] === 'true') {
        out.push({
          app,
          where: `${d.file} prometheus.io annotations`,
          port: Number(annotations['prometheus.io/port']),
          path: annotations['prometheus.io/path'] ?? '/metrics',
        });
      }
    }
  }
  return out;
}
