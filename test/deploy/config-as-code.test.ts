import path from 'node:path';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { documentBody } from '../../packages/cli/src/config/config-api.js';
import { loadDocument } from '../../packages/cli/src/config/load-document.js';
import { containerArgv, deploymentOf, parseYamlDocs, podSpec, readJson, readText, resource, type K8sResource } from './deploy-files.js';

/** k8s/config-as-code: the document as a ConfigMap, applied by a Job with the key from a Secret (docs/config-as-code.md). */
const dir = 'k8s/config-as-code';
const kustomization = parseYamlDocs(readText(`${dir}/kustomization.yaml`), 'kustomization.yaml')[0] as { namespace: string; resources: string[] };
const own = kustomization.resources.flatMap((file) => parseYamlDocs(readText(path.posix.join(dir, file)), file) as K8sResource[]);
const find = (kind: string) => {
  const found = own.filter((r) => r.kind === kind);
  if (found.length !== 1) throw new Error(`${dir}: expected one ${kind}, found ${found.length}`);
  return found[0];
};
const job = find('Job');
const configMap = find('ConfigMap') as K8sResource & { data: Record<string, string> };
const secret = find('Secret') as K8sResource & { stringData: Record<string, string> };
const apply = podSpec(job).containers[0];

describe('k8s/config-as-code', () => {
  it('runs `vigil apply --yes` on the document the ConfigMap mounts', () => {
    const argv = containerArgv(apply);
    expect(argv.slice(-4, -2)).toEqual(['apply', '-f']);
    expect(argv.at(-1)).toBe('--yes');
    const file = argv.at(-2) ?? '';
    const mount = apply.volumeMounts?.find((m) => file.startsWith(`${m.mountPath}/`));
    const volume = podSpec(job).volumes?.find((v) => v.name === mount?.name);
    expect(volume?.configMap?.name).toBe(configMap.metadata.name);
    expect(Object.keys(configMap.data)).toContain(path.posix.basename(file));
  });

  it('talks to the base API Service with the key from the Secret, and reaches nothing else', () => {
    const url = apply.env?.find((e) => e.name === 'VIGIL_API_URL')?.value ?? '';
    const service = resource('Service', new URL(url).hostname);
    expect(service.metadata.namespace).toBe(kustomization.namespace);
    expect(apply.envFrom?.map((f) => f.secretRef?.name)).toEqual([secret.metadata.name]);
    expect(secret.stringData.VIGIL_KEY).toMatch(/^vgl_/);
    const policy = find('NetworkPolicy');
    const podLabels = job.spec?.template?.metadata?.labels ?? {};
    expect(Object.entries(policy.spec?.podSelector?.matchLabels ?? {}).every(([k, v]) => podLabels[k] === v)).toBe(true);
    const toApi = policy.spec?.egress?.find((e) => (e.to ?? []).some((t) => t.podSelector?.matchLabels?.['app.kubernetes.io/component'] === 'api'));
    const apiPorts = podSpec(deploymentOf('api')[0]).containers[0].ports?.map((p) => p.name);
    const ports = (toApi?.ports ?? []).map((p) => String(p.port));
    expect(ports.length).toBeGreaterThan(0);
    expect(ports.every((p) => apiPorts?.includes(p))).toBe(true);
  });

  it('holds a document the CLI reads with the Secret\'s variables, valid against docs/vigil.schema.json', async () => {
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'vigil-k8s-')), 'vigil.yaml');
    await writeFile(file, configMap.data['vigil.yaml']);
    const { document, secrets } = await loadDocument(file, secret.stringData);
    expect([...secrets.values()]).toEqual(['${env:OPS_WEBHOOK_SECRET}']);
    const validate = new Ajv2020({ strict: false, formats: fullFormats }).compile(readJson<Record<string, unknown>>('docs/vigil.schema.json'));
    expect(validate(documentBody(document))).toBe(true);
  });
});
