import { CI_NODE_LINES, WORKSPACES, readJson, readText, rootPackage } from './deploy-files.js';

/**
 * One supported range of Node.js, said the same way everywhere (docs/decisions.md "Node.js
 * versions"): engines of the root and of every workspace, the README, and the lines CI tests.
 */
const ENGINES = '>=22.12';

describe('Node.js versions', () => {
  it('engines.node is the same range in the root and in every workspace', () => {
    expect(rootPackage.engines?.node).toBe(ENGINES);
    for (const dir of WORKSPACES) expect({ dir, node: readJson<{ engines?: { node?: string } }>(`${dir}/package.json`).engines?.node }).toEqual({ dir, node: ENGINES });
  });

  it('CI runs the whole suite on the oldest supported line and on the newest LTS line', () => {
    expect(CI_NODE_LINES).toEqual([22, 24]);
    expect(Math.min(...CI_NODE_LINES)).toBe(Number(/\d+/.exec(ENGINES)![0]));
  });

  it('the README states the same range', () => {
    const need = /You need Node\.js ([^,]+),/.exec(readText('README.md'))?.[1];
    expect(need).toBe('22.12+ or 24 (the maintained LTS lines)');
  });
});
