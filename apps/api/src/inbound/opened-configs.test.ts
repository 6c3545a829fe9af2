import { createSecretBox, type SecretBox } from '@vigil/core';
import { openConfig } from '../integrations/config-secrets.js';
import { OpenedConfigs } from './opened-configs.js';

const box = createSecretBox('opened-configs-test-key');

/** The box, counting the sealed texts it opens. */
function countingBox(): { box: SecretBox; opened: string[] } {
  const opened: string[] = [];
  return {
    opened,
    box: {
      ...box,
      openJson<T>(sealed: string): T {
        opened.push(sealed);
        return box.openJson<T>(sealed);
      },
    },
  };
}

describe('OpenedConfigs', () => {
  it('answers what openConfig answers, opening each sealed text once; a new text (a changed secret) is opened when it arrives', () => {
    const { box: counted, opened } = countingBox();
    const configs = new OpenedConfigs(counted);
    const first = { config: { api_url: 'https://api.opsgenie.com' }, secrets: box.sealJson({ api_key: 'k1', webhook_secret: 's1' }) };
    expect(configs.of(first)).toEqual(openConfig(first, box));
    expect(configs.of({ ...first, config: { api_url: 'https://api.eu.opsgenie.com' } })).toEqual({ api_url: 'https://api.eu.opsgenie.com', api_key: 'k1', webhook_secret: 's1' });
    expect(opened).toEqual([first.secrets]);

    const rotated = { ...first, secrets: box.sealJson({ api_key: 'k1', webhook_secret: 's2' }) };
    expect(configs.of(rotated).webhook_secret).toBe('s2');
    expect(opened).toEqual([first.secrets, rotated.secrets]);
  });

  it('leaves out secrets sealed under another key, and takes a config without secrets as it is', () => {
    const configs = new OpenedConfigs(box);
    const foreign = { config: { a: 1 }, secrets: createSecretBox('another-key').sealJson({ webhook_secret: 's' }) };
    expect(configs.of(foreign)).toEqual({ a: 1 });
    expect(configs.of({ config: { a: 2 }, secrets: null })).toEqual({ a: 2 });
  });
});
