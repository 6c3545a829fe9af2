import { readFile, writeFile } from 'node:fs/promises';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { configDocumentSchema } from './config-schema.js';

const FILE = new URL('../../../../docs/vigil.schema.json', import.meta.url);

describe('the configuration JSON Schema', () => {
  it('is committed as docs/vigil.schema.json (regenerate with UPDATE_CONFIG_SCHEMA=1)', async () => {
    const expected = `${JSON.stringify(configDocumentSchema(), null, 2)}\n`;
    if (process.env.UPDATE_CONFIG_SCHEMA === '1') await writeFile(FILE, expected);
    expect(await readFile(FILE, 'utf8')).toBe(expected);
  });

  it('accepts a document that names other entries by key, and refuses ids and unknown lists', () => {
    const validate = new Ajv2020({ strict: false, formats: fullFormats }).compile(configDocumentSchema());
    const doc = {
      monitors: [{ key: 'shop', name: 'Shop', url: 'https://shop.example.com/', escalation: [{ after_minutes: 5, integration_ids: ['ops'] }] }],
      integrations: [{ key: 'ops', type: 'email', name: 'Ops', config: { to: ['ops@example.com'] }, monitor_ids: ['shop'] }],
    };
    expect(validate(doc)).toBe(true);
    expect(validate({ ...doc, integrations: [{ ...doc.integrations[0], monitor_ids: [42] }] })).toBe(false);
    expect(validate({ monitors: [{ name: 'no key', url: 'https://x.example.com/' }] })).toBe(false);
    expect(validate({ monitorz: [] })).toBe(false);
  });
});
