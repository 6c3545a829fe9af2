import { readdirSync } from 'node:fs';
import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { CONFIG_ENV_VARS, forbiddenRange, loadConfig } from '@vigil/core';
import { SECRET_KEY_APPS } from '@vigil/cli';
import {
  APPS,
  DEFAULTS,
  HTTP_APPS,
  MIGRATE_ARGV,
  ROOT,
  SECRET_VARS,
  WORKER_APPS,
  configError,
  containerArgv,
  containerEnv,
  deploymentOf,
  imageUser,
  k8sResources,
  kustomization,
  podSpec,
  probePort,
  resolvePort,
  resource,
  resourcesOf,
  secretData,
  secretsReadBy,
  selectorLabels,
  selects,
  servingPort,
  startArgv,
  workloads,
  type AppName,
  type K8sContainer,
  type K8sResource,
  type PolicyPeer,
  type PolicyRule,
} from './deploy-files.js';

const CLUSTER_SCOPED = new Set(['Namespace']);

function deployment(app: AppName): K8sResource {
  const found = deploymentOf(app);
  if (found.length !== 1) throw new Error(`expected one Deployment for ${app}, found ${found.length}`);
  return found[0];
}

function container(r: K8sResource): K8sContainer {
  const { containers } = podSpec(r);
  if (containers.length !== 1) throw new Error(`${r.metadata.name}: expected one container`);
  return containers[0];
}

const migrationJobs = () => resourcesOf('Job').filter((j) => podSpec(j).containers.some((c) => same(containerArgv(c), MIGRATE_ARGV)));
const same = (a: string[], b: string[]) => a.join('\u0000') === b.join('\u0000');

/** Secrets and ConfigMaps the workloads take their environment from. */
function envSources(kind: 'Secret' | 'ConfigMap'): K8sResource[] {
  const names = new Set(
    workloads().flatMap((w) =>
      podSpec(w).containers.flatMap((c) => [
        ...(c.envFrom ?? []).map((f) => (kind === 'Secret' ? f.secretRef?.name : f.configMapRef?.name)),
        ...(c.env ?? []).map((e) => (kind === 'Secret' ? e.valueFrom?.secretKeyRef?.name : e.valueFrom?.configMapKeyRef?.name)),
      ]),
    ),
  );
  return [...names].filter((n): n is string => !!n).map((n) => resource(kind, n));
}

/** Kubernetes quantities: cpu in millicores, memory in bytes. */
function quantity(value: string | number): number {
  const m = /^(\d+(?:\.\d+)?)(m|k|Ki|M|Mi|G|Gi|T|Ti)?$/.exec(String(value));
  if (!m) throw new Error(`not a quantity: ${value}`);
  const unit = m[2] ?? '';
  const factor: Record<string, number> = {
    '': 1000, // cpu cores (memory without a unit is bytes; it is only compared with itself)
    m: 1,
    k: 1e3,
    Ki: 1024,
    M: 1e6,
    Mi: 1024 ** 2,
    G: 1e9,
    Gi: 1024 ** 3,
    T: 1e12,
    Ti: 1024 ** 4,
  };
  return Number(m[1]) * factor[unit];
}

/** The fewest replicas an autoscaler keeps of a Deployment. */
function minimumReplicas(d: K8sResource): number {
  const scalers = [...resourcesOf('HorizontalPodAutoscaler'), ...resourcesOf('ScaledObject')].filter(
    (s) => s.spec?.scaleTargetRef?.name === d.metadata.name,
  );
  if (scalers.length === 0) return d.spec?.replicas ?? 1;
  return Math.min(...scalers.map((s) => s.spec?.minReplicas ?? s.spec?.minReplicaCount ?? 1));
}

describe('k8s/kustomization.yaml', () => {
  it('lists every manifest in k8s/, and only those', () => {
    const files = readdirSync(path.join(ROOT, 'k8s')).filter((f) => /\.ya?ml$/.test(f) && f !== 'kustomization.yaml');
    expect([...(kustomization.resources ?? [])].sort()).toEqual(files.sort());
  });

  it('puts every resource in the Vigil namespace', () => {
    const namespaces = resourcesOf('Namespace');
    expect(namespaces).toHaveLength(1);
    const ns = namespaces[0].metadata.name;
    expect(kustomization.namespace).toBe(ns);
    for (const r of k8sResources.filter((r) => !CLUSTER_SCOPED.has(r.kind))) {
      expect({ r: `${r.kind}/${r.metadata.name}`, ns: r.metadata.namespace }).toEqual({ r: `${r.kind}/${r.metadata.name}`, ns });
    }
  });

  it('runs one image for every app, set in one place', () => {
    const images = new Set(workloads().flatMap((w) => podSpec(w).containers.map((c) => c.image)));
    expect(images.size).toBe(1);
    expect(kustomization.images?.map((i) => i.name)).toContain([...images][0]);
  });

  it('names each resource once per kind', () => {
    const ids = k8sResources.map((r) => `${r.kind}/${r.metadata.name}`);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('k8s apps', () => {
  it('has a Deployment per app that runs its start command', () => {
    for (const app of APPS) expect({ app, argv: containerArgv(container(deployment(app))) }).toEqual({ app, argv: startArgv(app) });
    const apps = resourcesOf('Deployment').map((d) => containerArgv(container(d)));
    expect(apps).toHaveLength(APPS.length);
  });

  it('has a migration Job that runs `migrate` once, without restarting in place', () => {
    const jobs = migrationJobs();
    expect(jobs).toHaveLength(1);
    expect(podSpec(jobs[0]).restartPolicy).toBe('Never');
    expect(jobs[0].spec?.backoffLimit).toBeGreaterThanOrEqual(1);
  });

  it('selects its own pods in every Deployment', () => {
    for (const d of resourcesOf('Deployment')) {
      expect(selects(selectorLabels(d), d.spec?.template?.metadata?.labels)).toBe(true);
      const others = resourcesOf('Deployment').filter(
        (o) => o !== d && selects(selectorLabels(d), o.spec?.template?.metadata?.labels),
      );
      expect(others).toEqual([]);
    }
  });

  it('leaves replicas to the autoscalers', () => {
    for (const app of APPS) expect({ app, replicas: deployment(app).spec?.replicas }).toEqual({ app, replicas: undefined });
  });
});

describe('k8s configuration', () => {
  it('names only variables of the config schema in the ConfigMaps, Secrets and containers', () => {
    const named = [
      ...envSources('ConfigMap').flatMap((cm) => Object.keys(cm.data ?? {})),
      ...envSources('Secret').flatMap((s) => Object.keys(secretData(s))),
      ...workloads().flatMap((w) => podSpec(w).containers.flatMap((c) => (c.env ?? []).map((e) => e.name))),
    ];
    expect(named.length).toBeGreaterThan(0);
    expect([...new Set(named)].filter((v) => !CONFIG_ENV_VARS.includes(v))).toEqual([]);
    expect(workloads().flatMap((w) => podSpec(w).containers.flatMap((c) => (c.envFrom ?? []).filter((f) => f.prefix)))).toEqual([]);
  });

  it('keeps secrets out of the ConfigMaps and defines no variable twice', () => {
    const configNames = envSources('ConfigMap').flatMap((cm) => Object.keys(cm.data ?? {}));
    const secretNames = envSources('Secret').flatMap((s) => Object.keys(secretData(s)));
    expect(configNames.filter((n) => SECRET_VARS.includes(n))).toEqual([]);
    expect(configNames.filter((n) => secretNames.includes(n))).toEqual([]);
    for (const name of SECRET_VARS) expect(secretNames).toContain(name);
  });

  it('ships only placeholder secret values', () => {
    for (const secret of resourcesOf('Secret')) {
      expect(secret.file).toMatch(/example/);
      for (const [key, value] of Object.entries(secretData(secret))) {
        let credentials = false;
        try {
          credentials = new URL(value).password !== '';
        } catch {
          credentials = value !== '';
        }
        const placeholder = !credentials || /CHANGE-ME/.test(value);
        expect({ secret: secret.metadata.name, key, placeholder }).toEqual({ secret: secret.metadata.name, key, placeholder: true });
      }
    }
  });

  it('gives every app and the migration DATABASE_URL (the apps REDIS_URL too), in a configuration the app accepts', () => {
    for (const w of [...APPS.map(deployment), ...migrationJobs()]) {
      const env = containerEnv(container(w));
      expect(Object.keys(env)).toEqual(expect.arrayContaining(w.kind === 'Job' ? ['DATABASE_URL'] : ['DATABASE_URL', 'REDIS_URL']));
      expect({ workload: w.metadata.name, error: configError(env) }).toEqual({ workload: w.metadata.name, error: undefined });
    }
  });

  it('derives from the code which process reads which secret', () => {
    expect(Object.fromEntries([...APPS, 'migrate' as const].map((p) => [p, secretsReadBy(p)]))).toEqual({
      api: ['DATABASE_URL', 'REDIS_URL', 'VIGIL_SECRET_KEY', 'VIGIL_ADMIN_TOKEN'],
      public: ['DATABASE_URL', 'REDIS_URL'],
      checker: ['DATABASE_URL', 'REDIS_URL', 'VIGIL_SECRET_KEY'],
      scanner: ['DATABASE_URL', 'REDIS_URL'],
      notifier: ['DATABASE_URL', 'REDIS_URL', 'VIGIL_SECRET_KEY', 'SMTP_URL'],
      migrate: ['DATABASE_URL', 'VIGIL_SECRET_KEY'],
    });
    // The apps that refuse to start in production without the key are the ones that read it.
    expect([...SECRET_KEY_APPS].sort()).toEqual(APPS.filter((a) => secretsReadBy(a).includes('VIGIL_SECRET_KEY')).sort());
  });

  it('gives each Deployment and the migration exactly the secrets its process reads, key by key (no envFrom of a Secret)', () => {
    const processes = [...APPS.map((app) => [app, deployment(app)] as const), ...migrationJobs().map((j) => ['migrate' as const, j] as const)];
    for (const [proc, w] of processes) {
      const c = container(w);
      expect({ proc, secretRefs: (c.envFrom ?? []).filter((f) => f.secretRef) }).toEqual({ proc, secretRefs: [] });
      const fromSecrets = (c.env ?? []).filter((e) => e.valueFrom?.secretKeyRef).map((e) => e.name);
      expect({ proc, secrets: fromSecrets.sort() }).toEqual({ proc, secrets: secretsReadBy(proc).sort() });
      for (const e of c.env ?? []) {
        const ref = e.valueFrom?.secretKeyRef;
        if (ref) expect({ proc, key: ref.key }).toEqual({ proc, key: e.name });
      }
    }
  });

  it('points the example REDIS_URL at a Redis with a password, the one KEDA uses', () => {
    const url = new URL(secretData(resource('Secret', 'vigil-secrets')).REDIS_URL);
    expect(decodeURIComponent(url.password)).toMatch(/CHANGE-ME/);
    expect(secretData(resource('Secret', 'vigil-keda-redis')).password).toBe(decodeURIComponent(url.password));
  });
});

describe('k8s probes and ports', () => {
  it('probes /healthz for liveness and /readyz for readiness on the port the app answers probes on', () => {
    for (const app of APPS) {
      const c = container(deployment(app));
      const config = loadConfig(containerEnv(c));
      const port = probePort(config, app);
      expect(servingPort(config, app)).toBe(servingPort(DEFAULTS, app));
      expect(c.livenessProbe?.httpGet?.path).toBe('/healthz');
      expect(c.readinessProbe?.httpGet?.path).toBe('/readyz');
      expect({ app, port: resolvePort(c, c.livenessProbe!.httpGet!.port) }).toEqual({ app, port });
      expect({ app, port: resolvePort(c, c.readinessProbe!.httpGet!.port) }).toEqual({ app, port });
      expect(c.ports?.map((p) => p.containerPort).sort()).toEqual([...new Set([servingPort(config, app), port])].sort());
    }
  });

  it('serves the API\'s readiness reasons, metrics and dashboard on an ops port the Service does not expose', () => {
    const api = deployment('api');
    const c = container(api);
    const config = loadConfig(containerEnv(c));
    expect(config.opsPort).toBeDefined();
    expect(config.opsPort).not.toBe(config.port);
    expect(Number(api.spec?.template?.metadata?.annotations?.['prometheus.io/port'])).toBe(config.opsPort);
    for (const service of resourcesOf('Service')) {
      for (const p of service.spec?.ports ?? []) expect(resolvePort(c, p.targetPort ?? p.port)).not.toBe(config.opsPort);
    }
  });

  it('has a Service per HTTP app (API, public face) that sends traffic to its pods only, on the port it serves', () => {
    for (const app of HTTP_APPS) {
      const d = deployment(app);
      const c = container(d);
      const services = resourcesOf('Service').filter((s) => selects(selectorLabels(s), d.spec?.template?.metadata?.labels));
      expect({ app, services: services.length }).toEqual({ app, services: 1 });
      const [service] = services;
      for (const other of resourcesOf('Deployment').filter((o) => o !== d)) {
        expect(selects(selectorLabels(service), other.spec?.template?.metadata?.labels)).toBe(false);
      }
      const port = servingPort(loadConfig(containerEnv(c)), app);
      for (const p of service.spec?.ports ?? []) expect(resolvePort(c, p.targetPort ?? p.port)).toBe(port);
      expect(service.spec?.ports?.length).toBeGreaterThan(0);
    }
  });
});

describe('k8s pods', () => {
  const pods = () => [...APPS.map(deployment), ...migrationJobs()];

  it('requests and limits cpu and memory for every container', () => {
    for (const w of pods()) {
      for (const c of podSpec(w).containers) {
        for (const r of ['cpu', 'memory']) {
          const request = c.resources?.requests?.[r];
          const limit = c.resources?.limits?.[r];
          expect({ c: c.name, r, request: request !== undefined, limit: limit !== undefined }).toEqual({ c: c.name, r, request: true, limit: true });
          expect(quantity(request!)).toBeLessThanOrEqual(quantity(limit!));
        }
      }
    }
  });

  it('runs as the image\'s non-root user, without privilege escalation or capabilities', () => {
    for (const w of pods()) {
      const pod = podSpec(w).securityContext;
      expect(pod?.runAsNonRoot).toBe(true);
      expect(String(pod?.runAsUser)).toBe(imageUser());
      expect(pod?.seccompProfile?.type).toBe('RuntimeDefault');
      for (const c of podSpec(w).containers) {
        expect(c.securityContext?.allowPrivilegeEscalation).toBe(false);
        expect(c.securityContext?.readOnlyRootFilesystem).toBe(true);
        expect(c.securityContext?.capabilities?.drop).toContain('ALL');
        expect(c.securityContext?.privileged ?? false).toBe(false);
      }
    }
  });

  it('gives every app longer to stop than its shutdown timeout plus any preStop delay', () => {
    for (const app of APPS) {
      const d = deployment(app);
      const c = container(d);
      const shutdownMs = loadConfig(containerEnv(c)).shutdownTimeoutMs;
      const preStop = c.lifecycle?.preStop;
      const sleepCommand = preStop?.exec?.command;
      const preStopMs =
        preStop?.sleep?.seconds !== undefined
          ? preStop.sleep.seconds * 1000
          : sleepCommand?.[0] === 'sleep'
            ? Number(sleepCommand[1]) * 1000
            : 0;
      // Kubernetes' default grace period is 30 s.
      const graceMs = (podSpec(d).terminationGracePeriodSeconds ?? 30) * 1000;
      expect({ app, enough: graceMs > shutdownMs + preStopMs }).toEqual({ app, enough: true });
    }
  });
});

describe('k8s autoscaling and disruption budgets', () => {
  it('scales the API and the public face on CPU with an HPA each', () => {
    const hpas = resourcesOf('HorizontalPodAutoscaler');
    expect(hpas).toHaveLength(HTTP_APPS.length);
    for (const app of HTTP_APPS) {
      const d = deployment(app);
      const own = hpas.filter((h) => h.spec?.scaleTargetRef?.name === d.metadata.name);
      expect({ app, hpas: own.length }).toEqual({ app, hpas: 1 });
      const [hpa] = own;
      expect(hpa.apiVersion).toBe('autoscaling/v2');
      expect(hpa.spec?.scaleTargetRef).toMatchObject({ apiVersion: 'apps/v1', kind: 'Deployment', name: d.metadata.name });
      expect(hpa.spec?.metrics).toEqual([
        expect.objectContaining({ type: 'Resource', resource: expect.objectContaining({ name: 'cpu' }) }),
      ]);
      expect(hpa.spec?.minReplicas).toBeGreaterThanOrEqual(2);
      expect(hpa.spec?.maxReplicas).toBeGreaterThan(hpa.spec!.minReplicas!);
      // Utilization is relative to the request: without one the HPA cannot compute it.
      expect(container(d).resources?.requests?.cpu).toBeDefined();
    }
  });

  it('scales each worker with one KEDA ScaledObject on Redis, authenticated by an existing Secret', () => {
    for (const app of WORKER_APPS) {
      const d = deployment(app);
      const scaled = resourcesOf('ScaledObject').filter((s) => s.spec?.scaleTargetRef?.name === d.metadata.name);
      expect({ app, count: scaled.length }).toEqual({ app, count: 1 });
      const spec = scaled[0].spec!;
      expect(scaled[0].apiVersion).toBe('keda.sh/v1alpha1');
      // Delayed and scheduled jobs reach the waiting list only through a running worker.
      expect(spec.minReplicaCount).toBeGreaterThanOrEqual(1);
      expect(spec.maxReplicaCount).toBeGreaterThan(spec.minReplicaCount!);
      const redisUrl = new URL(containerEnv(container(d)).REDIS_URL);
      for (const trigger of spec.triggers ?? []) {
        expect(trigger.type).toBe('redis');
        expect(trigger.metadata?.address).toBe(`${redisUrl.hostname}:${redisUrl.port || 6379}`);
        expect(Number(trigger.metadata?.listLength)).toBeGreaterThan(0);
        if (trigger.authenticationRef) {
          const auth = resource(trigger.authenticationRef.kind ?? 'TriggerAuthentication', trigger.authenticationRef.name);
          for (const ref of auth.spec?.secretTargetRef ?? []) {
            expect(Object.keys(secretData(resource('Secret', ref.name)))).toContain(ref.key);
          }
        }
      }
    }
    expect(resourcesOf('ScaledObject')).toHaveLength(WORKER_APPS.length);
  });

  it('has one PodDisruptionBudget per app that never blocks a drain', () => {
    for (const app of APPS) {
      const d = deployment(app);
      const pdbs = resourcesOf('PodDisruptionBudget').filter((p) => selects(selectorLabels(p), d.spec?.template?.metadata?.labels));
      expect({ app, count: pdbs.length }).toEqual({ app, count: 1 });
      const { minAvailable, maxUnavailable } = pdbs[0].spec!;
      if (minAvailable !== undefined) {
        expect(typeof minAvailable).toBe('number');
        expect(minAvailable).toBeLessThan(minimumReplicas(d));
      } else {
        expect(Number(String(maxUnavailable).replace('%', ''))).toBeGreaterThan(0);
      }
    }
    expect(resourcesOf('PodDisruptionBudget')).toHaveLength(APPS.length);
  });
});

describe('k8s network policies', () => {
  const policies = () => resourcesOf('NetworkPolicy');
  /** matchLabels as NetworkPolicies read them: empty selects every pod. */
  const matches = (selector: { matchLabels?: Record<string, string> } | undefined, labels: Record<string, string>) =>
    Object.entries(selector?.matchLabels ?? {}).every(([k, v]) => labels[k] === v);
  const podLabels = (w: K8sResource) => w.spec?.template?.metadata?.labels ?? {};
  const rulesFor = (labels: Record<string, string>, direction: 'egress' | 'ingress') =>
    policies()
      .filter((p) => matches(p.spec?.podSelector, labels))
      .flatMap((p) => p.spec?.[direction] ?? []);
  const peers = (rules: PolicyRule[], side: 'to' | 'from') => rules.flatMap((r) => (r[side] ?? [{}]).map((peer) => ({ peer, ports: r.ports ?? [] })));
  const processes = () => [...APPS.map((app) => [app, deployment(app)] as const), ...migrationJobs().map((j) => ['migrate', j] as const)];
  const POSTGRES = { 'app.kubernetes.io/name': 'postgresql' };
  const REDIS = { 'app.kubernetes.io/name': 'redis' };
  const peerIs = (peer: PolicyPeer, labels: Record<string, string>) => !peer.namespaceSelector && !peer.ipBlock && !!peer.podSelector && matches(peer.podSelector, labels) && Object.keys(peer.podSelector.matchLabels ?? {}).length > 0;
  const portsOf = (ports: PolicyRule['ports']) => (ports ?? []).map((p) => `${p?.port}/${p?.protocol ?? 'TCP'}`).sort();

  it('denies everything in the namespace by default, in and out', () => {
    const deny = policies().filter((p) => Object.keys(p.spec?.podSelector?.matchLabels ?? {}).length === 0);
    expect(deny).toHaveLength(1);
    expect([...(deny[0].spec?.policyTypes ?? [])].sort()).toEqual(['Egress', 'Ingress']);
    expect(deny[0].spec?.ingress ?? []).toEqual([]);
    expect(deny[0].spec?.egress ?? []).toEqual([]);
  });

  it('lets only the checker, scanner and notifier reach the internet, and never private ranges', () => {
    const internet = processes()
      .filter(([, w]) => peers(rulesFor(podLabels(w), 'egress'), 'to').some(({ peer }) => peer.ipBlock))
      .map(([p]) => p)
      .sort();
    expect(internet).toEqual(['checker', 'notifier', 'scanner']);
    const blocks = policies().flatMap((p) => peers(p.spec?.egress ?? [], 'to')).map(({ peer }) => peer.ipBlock).filter((b) => b !== undefined);
    const inside = (ip: string, cidr: string) => {
      const addr = ipaddr.parse(ip);
      const range = ipaddr.parseCIDR(cidr);
      return addr.kind() === range[0].kind() && addr.match(range);
    };
    for (const ip of ['10.11.12.13', '172.16.0.1', '192.168.1.1', '127.0.0.1', '169.254.169.254', '100.64.0.1', '0.0.0.1', '::1', 'fd00::1', 'fe80::1']) {
      expect(forbiddenRange(ip)).not.toBeNull();
      const allowedBy = blocks.filter((b) => inside(ip, b.cidr) && !(b.except ?? []).some((e) => inside(ip, e)));
      expect({ ip, allowedBy }).toEqual({ ip, allowedBy: [] });
    }
    for (const ip of ['93.184.215.14', '2606:4700:4700::1111']) expect({ ip, allowed: blocks.some((b) => inside(ip, b.cidr) && !(b.except ?? []).some((e) => inside(ip, e))) }).toEqual({ ip, allowed: true });
  });

  it('lets every Vigil pod ask the cluster DNS and reach PostgreSQL (and Redis), and nothing else but the internet above', () => {
    for (const [proc, w] of processes()) {
      const out = peers(rulesFor(podLabels(w), 'egress'), 'to');
      const dns = out.filter(({ peer }) => peer.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'] === 'kube-system' && peer.podSelector?.matchLabels?.['k8s-app'] === 'kube-dns');
      expect({ proc, dns: portsOf(dns.flatMap((d) => d.ports)) }).toEqual({ proc, dns: ['53/TCP', '53/UDP'] });
      expect({ proc, postgres: portsOf(out.filter(({ peer }) => peerIs(peer, POSTGRES)).flatMap((d) => d.ports)) }).toEqual({ proc, postgres: ['5432/TCP'] });
      if (proc !== 'migrate') expect({ proc, redis: portsOf(out.filter(({ peer }) => peerIs(peer, REDIS)).flatMap((d) => d.ports)) }).toEqual({ proc, redis: ['6379/TCP'] });
      const other = out.filter(({ peer }) => !peer.ipBlock && !dns.some((d) => d.peer === peer) && !peerIs(peer, POSTGRES) && !peerIs(peer, REDIS));
      expect({ proc, other }).toEqual({ proc, other: [] });
    }
  });

  it('lets only Vigil pods reach PostgreSQL and Redis (and KEDA read Redis)', () => {
    const vigilPod = { 'app.kubernetes.io/name': 'vigil' };
    for (const [store, port, extra] of [[POSTGRES, '5432/TCP', []], [REDIS, '6379/TCP', ['keda']]] as const) {
      const from = peers(rulesFor(store, 'ingress'), 'from');
      expect(from.length).toBeGreaterThan(0);
      for (const { peer, ports } of from) {
        expect(portsOf(ports)).toEqual([port]);
        const namespace = peer.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'];
        const allowed = peerIs(peer, vigilPod) || (namespace !== undefined && !peer.podSelector && (extra as readonly string[]).includes(namespace));
        expect({ store, peer, allowed }).toEqual({ store, peer, allowed: true });
      }
    }
  });

  it("takes the API's and the public face's HTTP port from anywhere and the ops and health ports only from the monitoring namespace", () => {
    const served = HTTP_APPS.map((app) => deployment(app));
    for (const [, w] of processes().filter(([p]) => p !== 'migrate')) {
      for (const { peer, ports } of peers(rulesFor(podLabels(w), 'ingress'), 'from')) {
        const numbers = ports.map((p) => resolvePort(container(w), p.port ?? 0));
        expect(numbers.length).toBeGreaterThan(0);
        const fromMonitoring = peer.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'] === 'monitoring' && !peer.podSelector;
        for (const port of numbers) {
          const publicPort = served.includes(w) && port === loadConfig(containerEnv(container(w))).port;
          expect({ w: w.metadata.name, port, ok: publicPort || fromMonitoring }).toEqual({ w: w.metadata.name, port, ok: true });
        }
      }
    }
  });
});
