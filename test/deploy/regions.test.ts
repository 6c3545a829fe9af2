import { CONFIG_ENV_VARS, checkQueueOf, loadConfig } from '@vigil/core';
import path from 'node:path';
import { compose, composeEnv, parseYamlDocs, readText, startArgv, composeArgv, type ComposeFile, type K8sResource, podSpec } from './deploy-files.js';

/** The two-region examples (decisions: Regions and quorum): docker-compose.regions.yml and k8s/overlays/regions. */

const override = parseYamlDocs(readText('docker-compose.regions.yml'), 'docker-compose.regions.yml')[0] as ComposeFile & {
  services: Record<string, { extends?: { file: string; service: string } }>;
};

/** A service of the override merged over its base (environment maps merged, as compose does). */
function merged(name: string) {
  const own = override.services[name];
  const baseName = own.extends?.service ?? name;
  const base = compose.services[baseName];
  return { ...base, ...own, environment: { ...composeEnv(base), ...composeEnv(own) } };
}

describe('docker-compose.regions.yml', () => {
  const checkers = Object.keys(override.services).filter((n) => composeArgv(merged(n)).join(' ') === startArgv('checker').join(' '));

  it('runs one checker per region, two regions, each with a configuration the app accepts', () => {
    const regions = checkers.map((n) => loadConfig(merged(n).environment).region).sort();
    expect(regions).toEqual(['eu', 'us']);
    expect(new Set(regions.map(checkQueueOf)).size).toBe(2);
  });

  it('gives new monitors both regions, each of which has a checker, and names only config variables', () => {
    const api = loadConfig(merged('api').environment);
    expect(api.defaultRegions).toEqual(['eu', 'us']);
    for (const n of Object.keys(override.services)) {
      expect(Object.keys(composeEnv(override.services[n])).filter((v) => !CONFIG_ENV_VARS.includes(v))).toEqual([]);
    }
  });
});

describe('k8s/overlays/regions', () => {
  const dir = 'k8s/overlays/regions';
  const kustomization = parseYamlDocs(readText(`${dir}/kustomization.yaml`), 'kustomization.yaml')[0] as { resources: string[]; patches: { path: string }[] };
  const docs = (file: string) => parseYamlDocs(readText(path.posix.join(dir, file)), file) as K8sResource[];
  const own = kustomization.resources.filter((r) => !r.startsWith('..')).flatMap(docs);
  const patches = kustomization.patches.flatMap((p) => docs(p.path));
  const regionOf = (d: K8sResource) => podSpec(d).containers[0].env?.find((e) => e.name === 'VIGIL_REGION')?.value;

  it('builds on the base and runs one checker Deployment per region', () => {
    expect(kustomization.resources).toContain('../../');
    const eu = patches.find((p) => p.kind === 'Deployment' && p.metadata.name === 'vigil-checker');
    const us = own.find((r) => r.kind === 'Deployment' && r.metadata.name === 'vigil-checker-us');
    expect(eu && regionOf(eu)).toBe('eu');
    expect(us && regionOf(us)).toBe('us');
    expect(us && podSpec(us).containers[0].args).toEqual(['start', 'checker']);
  });

  it('points the remote region at the central Redis over TLS, and configures both regions as the default', () => {
    const secret = own.find((r) => r.kind === 'Secret') as K8sResource & { stringData: Record<string, string> };
    expect(secret.stringData.REDIS_URL).toMatch(/^rediss:\/\/:[^@]+@/);
    const config = patches.find((p) => p.kind === 'ConfigMap') as K8sResource & { data: Record<string, string> };
    const c = loadConfig({ ...config.data, VIGIL_REGION: 'us', REDIS_URL: secret.stringData.REDIS_URL, DATABASE_URL: secret.stringData.DATABASE_URL });
    expect([c.defaultRegions, c.knownRegions]).toEqual([['eu', 'us'], ['eu', 'us']]);
  });
});
