import type { Integration, SecretBox } from '@vigil/core';
import { openConfig } from '../integrations/config-secrets.js';

/** Sealed secrets kept opened at most (each starts again empty past it). */
const MAX_OPENED = 1_000;

/**
 * openConfig for the on-call callbacks, with each sealed secrets text opened once: a tool's
 * callbacks name the same few integrations over and over, and opening (AES-GCM and a JSON parse)
 * was a tenth of a callback's CPU in the API (issue 35). Keyed by the sealed text itself, so a
 * changed secret (rotated, or the config updated) is a new text, opened when it first arrives.
 */
export class OpenedConfigs {
  private readonly secrets = new Map<string, Record<string, unknown>>();

  constructor(private readonly box: SecretBox) {}

  of(integration: Pick<Integration, 'config' | 'secrets'>): Record<string, unknown> {
    if (!integration.secrets) return openConfig(integration, this.box);
    let secret = this.secrets.get(integration.secrets);
    if (!secret) {
      secret = openConfig({ config: {}, secrets: integration.secrets }, this.box);
      if (this.secrets.size >= MAX_OPENED) this.secrets.clear();
      this.secrets.set(integration.secrets, secret);
    }
    return { ...integration.config, ...secret };
  }
}
