import { CONFIG_ENV_VARS, checkQueueOf, loadConfig } from '@vigil/core';
import path from 'node:path';
import {
  CLI_ENTRY,
  SECRET_VARS,
  compose,
  composeEnv,
  parseYamlDocs,
  readText,
  resourcesOf,
  startArgv,
  composeArgv,
  type ComposeFile,
  type ComposeService,
  type K8sResource,
  type PolicyPeer,
  podSpec,
} from './deploy-files.js';

/**
 * The two-region examples (decisions: Regions and quorum; docs/agents.md "Public regions on
 * agents"): docker-compose.regions.yml and k8s/overlays/regions. Region eu is the in-cluster
 * checker; region us is served by agents, which hold the API's URL and their key and nothing else.
 */

/** What an agent's environment holds, all of it. */
const AGENT_VARS = ['VIGIL_AGENT_KEY', 'VIGIL_API_URL'];
const AGENT_ARGV = ['node', CLI_ENTRY, 'agent'];

type OverrideService = ComposeService & { extends?: { file: string; service: string }; network_mode?: string };
const override = parseYamlDocs(readText('docker-compose.regions.yml'), 'docker-compose.regions.yml')[0] as ComposeFile & {
  services: Record<string, OverrideService>;
};

/** A service of the override merged over its base (environment maps merged, as compose does). */
function merged(name: string): OverrideService {
  const own = override.services[name];
  const baseName = own.extends?.service ?? name;
  const base = compose.services[baseName] ?? {};
  return { ...base, ...own, environment: { ...composeEnv(base), ...composeEnv(own) } };
}

const argvOf = (name: string) => composeArgv(merged(name)).join(' ');

describe('docker-compose.regions.yml', () => {
  const names = Object.keys(override.services);
  const checkers = names.filter((n) => argvOf(n) === startArgv('checker').join(' '));
  const agents = names.filter((n) => argvOf(n) === AGENT_ARGV.join(' '));

  it('runs the checker in region eu and an agent for region us, the one region served by agents', () => {
    expect(checkers.map((n) => loadConfig(composeEnv(merged(n))).region)).toEqual(['eu']);
    expect(checkQueueOf('eu')).toBe('checks.eu');
    expect(agents).toEqual(['agent-us']);
    for (const app of ['api', 'checker']) {
      const c = loadConfig(composeEnv(merged(app)));
      expect([c.agentRegions, c.knownRegions]).toEqual([['us'], expect.arrayContaining(['eu', 'us'])]);
    }
  });

  it('gives new monitors both regions and names only config variables, but for the agent', () => {
    expect(loadConfig(composeEnv(merged('api'))).defaultRegions).toEqual(['eu', 'us']);
    for (const n of names.filter((s) => !agents.includes(s))) {
      expect(Object.keys(composeEnv(override.services[n])).filter((v) => !CONFIG_ENV_VARS.includes(v))).toEqual([]);
    }
  });

  it('gives the agent the API\'s URL and its own key only: no database, Redis or deployment secret', () => {
    // Its own service (it extends no Vigil service, so inherits no environment), read with the key set as .env would.
    const agent = override.services['agent-us'];
    const env = composeEnv(agent, { VIGIL_AGENT_KEY_US: 'vgla_from-the-env-file' });
    expect(Object.keys(env).sort()).toEqual(AGENT_VARS);
    expect(Object.keys(env).filter((v) => SECRET_VARS.includes(v))).toEqual([]);
    expect(env.VIGIL_AGENT_KEY).toBe('vgla_from-the-env-file');
    expect(agent.extends).toBeUndefined();
    // Plain http is accepted for loopback only: the agent shares the API container's network, where the API listens.
    const url = new URL(env.VIGIL_API_URL);
    expect([url.protocol, url.hostname, url.port]).toEqual(['http:', '127.0.0.1', composeEnv(merged('api')).PORT]);
    expect(agent.network_mode).toBe('service:api');
  });
});

describe('k8s/overlays/regions', () => {
  const dir = 'k8s/overlays/regions';
  const kustomization = parseYamlDocs(readText(`${dir}/kustomization.yaml`), 'kustomization.yaml')[0] as { resources: string[]; patches: { path: string }[] };
  const docs = (file: string) => parseYamlDocs(readText(path.posix.join(dir, file)), file).map((d) => ({ ...(d as K8sResource), file }));
  const own = kustomization.resources.filter((r) => !r.startsWith('..')).flatMap(docs);
  const patches = kustomization.patches.flatMap((p) => docs(p.path));
  const containerOf = (d: K8sResource) => podSpec(d).containers[0];
  const regionOf = (d: K8sResource) => containerOf(d).env?.find((e) => e.name === 'VIGIL_REGION')?.value;
  const config = patches.find((p) => p.kind === 'ConfigMap') as K8sResource & { data: Record<string, string> };
  const agent = own.find((r) => r.kind === 'Deployment' && r.metadata.name === 'vigil-agent-us');
  const agentLabels = agent?.spec?.template?.metadata?.labels ?? {};
  /** Whether a peer or selector's labels select the agent's pods (empty selectors select all, left to the caller). */
  const selectsAgent = (labels: Record<string, string> | undefined) => labels !== undefined && Object.entries(labels).every(([k, v]) => agentLabels[k] === v);

  it('builds on the base: the base checker is region eu, and region us is served by agents, not a checker', () => {
    expect(kustomization.resources).toContain('../../');
    const eu = patches.find((p) => p.kind === 'Deployment' && p.metadata.name === 'vigil-checker');
    expect(eu && regionOf(eu)).toBe('eu');
    expect(own.filter((r) => r.kind === 'Deployment' && containerOf(r).args?.[0] === 'start')).toEqual([]);
    expect(agent && containerOf(agent).args).toEqual(['agent']);
    const c = loadConfig({ ...config.data, VIGIL_REGION: 'eu' });
    expect([c.defaultRegions, c.knownRegions.sort(), c.agentRegions]).toEqual([['eu', 'us'], ['eu', 'us'], ['us']]);
  });

  it('gives the agents only the API URL and their key, from a Secret of their own: no DB, Redis or vigil-secrets', () => {
    if (!agent) throw new Error('no agent Deployment');
    const c = containerOf(agent);
    expect(c.envFrom).toBeUndefined();
    expect((c.env ?? []).map((e) => e.name).sort()).toEqual(AGENT_VARS);
    expect((c.env ?? []).map((e) => e.valueFrom?.secretKeyRef?.name)).toEqual(['vigil-agent-us', 'vigil-agent-us']);
    expect(JSON.stringify(agent)).not.toMatch(/vigil-secrets|DATABASE_URL|REDIS_URL|VIGIL_SECRET_KEY|VIGIL_ADMIN_TOKEN|SMTP_URL|vigil-config/);
    expect(podSpec(agent).automountServiceAccountToken).toBe(false);
    const secret = own.find((r) => r.kind === 'Secret' && r.metadata.name === 'vigil-agent-us');
    expect(Object.keys(secret?.stringData ?? {}).sort()).toEqual(AGENT_VARS);
    expect(new URL(secret?.stringData?.VIGIL_API_URL ?? '').protocol).toBe('https:');
  });

  it('lets the agents reach DNS and public addresses only (the targets and the API\'s public endpoint), and nothing reach them', () => {
    // No base policy that opens the stores (or anything else) selects the agents; only default-deny does.
    for (const p of resourcesOf('NetworkPolicy')) {
      const selector = p.spec?.podSelector?.matchLabels;
      if (selector === undefined || Object.keys(selector).length === 0) {
        expect({ name: p.metadata.name, ingress: p.spec?.ingress, egress: p.spec?.egress }).toEqual({ name: p.metadata.name, ingress: undefined, egress: undefined });
        continue;
      }
      expect({ name: p.metadata.name, selects: selectsAgent(selector) }).toEqual({ name: p.metadata.name, selects: false });
      const peers: PolicyPeer[] = (p.spec?.ingress ?? []).flatMap((r) => r.from ?? []);
      expect({ name: p.metadata.name, admits: peers.some((peer) => selectsAgent(peer.podSelector?.matchLabels)) }).toEqual({ name: p.metadata.name, admits: false });
    }
    const policies = own.filter((r) => r.kind === 'NetworkPolicy' && selectsAgent(r.spec?.podSelector?.matchLabels));
    expect(policies).toHaveLength(1);
    const [policy] = policies;
    expect(policy.spec?.policyTypes).toEqual(['Ingress', 'Egress']);
    expect(policy.spec?.ingress).toBeUndefined();
    const peers = (policy.spec?.egress ?? []).flatMap((r) => (r.to ?? []).map((to) => ({ to, ports: r.ports })));
    for (const { to, ports } of peers) {
      if (to.podSelector) {
        expect([to.podSelector.matchLabels, ports?.map((p) => p.port)]).toEqual([{ 'k8s-app': 'kube-dns' }, [53, 53]]);
        continue;
      }
      expect(to.ipBlock).toBeDefined();
      const except = to.ipBlock?.except ?? [];
      const private4 = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '127.0.0.0/8', '169.254.0.0/16', '100.64.0.0/10'];
      expect(to.ipBlock?.cidr === '0.0.0.0/0' ? private4.filter((c) => !except.includes(c)) : ['fc00::/7', '::1/128', 'fe80::/10'].filter((c) => !except.includes(c))).toEqual([]);
    }
  });
});
