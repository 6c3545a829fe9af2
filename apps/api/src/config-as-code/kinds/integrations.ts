import { channelOf, createSecretBox, deleteIntegrationOfAccount, insertIntegration, integrationOfAccountOrFail, integrationsOfAccountRead, INTEGRATION_TYPES, mapRead, saveIntegration, type Account, type Context, type IntegrationType, type NewIntegration, type Read } from '@vigil/core';
import type { EntityManager } from 'typeorm';
import { dropEchoedMasks, maskedConfig, openConfig, splitConfig } from '../../integrations/config-secrets.js';
import { createIntegrationBody, parseCreateBody, validateConfig } from '../../integrations/integration-input.js';
import type { Spec } from '../document.js';
import { rememberedByJson } from '../remembered.js';
import { mapList, oneByOne, type Current, type KindAdapter, type RefMapper } from './kind.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isType = (v: unknown): v is IntegrationType => (INTEGRATION_TYPES as readonly unknown[]).includes(v);

/**
 * The config an entry means: masked secrets an export wrote stand for the current values (as
 * for PUT), and an entry without its type's generated secret (a webhook's `secret`) keeps the
 * one it has (one is generated at create).
 */
function intendedConfig(type: IntegrationType, sent: Record<string, unknown>, current: Current | undefined): Record<string, unknown> {
  if (!current || current.spec.type !== type || !isObject(current.spec.config)) return sent;
  const now = current.spec.config;
  const kept = dropEchoedMasks(type, sent, now);
  const echoed = Object.keys(sent).filter((k) => !(k in kept));
  const config = { ...Object.fromEntries(echoed.map((k) => [k, now[k]])), ...kept };
  const generated = channelOf(type).generated?.field;
  if (generated && config[generated] === undefined && now[generated] !== undefined) config[generated] = now[generated];
  return config;
}

/** An entry checked as a create body, and a config by its type's rules: each depends on its argument alone (remembered, frozen). */
const checkedBody = rememberedByJson(parseCreateBody);
const checkedConfig = rememberedByJson(([type, config]: [IntegrationType, Record<string, unknown>]) => validateConfig(type, config));

/** What the row stores for a spec: the secret fields sealed. */
function columnsOf(ctx: Context, spec: Spec): Omit<NewIntegration, 'accountId'> {
  const input = parseCreateBody(spec);
  const config = validateConfig(input.type, input.config);
  const generated = channelOf(input.type).generated;
  if (generated) config[generated.field] ??= generated.generate();
  const { clear, secret } = splitConfig(input.type, config);
  return {
    type: input.type,
    name: input.name,
    config: clear,
    secrets: Object.keys(secret).length ? createSecretBox(ctx.config.secretKey).sealJson(secret) : null,
    events: input.events ?? [],
    monitorIds: input.monitor_ids ?? [],
    domainIds: input.domain_ids ?? [],
    isActive: input.is_active ?? true,
  };
}

/** Alert integrations; `monitor_ids` and `domain_ids` (their scope) name monitors and domains. */
export const integrationKind: KindAdapter = {
  kind: 'integration',
  schema: createIntegrationBody,
  refFields: ['monitor_ids', 'domain_ids'],

  mapRefs(spec: Spec, map: RefMapper): Spec {
    return { ...spec, monitor_ids: mapList(spec.monitor_ids, 'monitor', 'monitor_ids', map), domain_ids: mapList(spec.domain_ids, 'domain', 'domain_ids', map) };
  },

  async desired(_ctx: Context, _account: Account, fields: Record<string, unknown>, current: Current | undefined): Promise<Spec> {
    const input = checkedBody(fields);
    const config = checkedConfig([input.type, intendedConfig(input.type, input.config, current)]);
    return {
      type: input.type,
      name: input.name,
      config,
      events: input.events ?? [],
      monitor_ids: input.monitor_ids ?? [],
      domain_ids: input.domain_ids ?? [],
      is_active: input.is_active ?? true,
    };
  },

  read(ctx: Context, _em: EntityManager, accountId: number): Read<Current[]> {
    return mapRead(integrationsOfAccountRead(accountId), (integrations) => {
      const box = createSecretBox(ctx.config.secretKey);
      return integrations.map((i) => ({
        id: i.id,
        spec: { type: i.type, name: i.name, config: openConfig(i, box), events: i.events, monitor_ids: i.monitorIds, domain_ids: i.domainIds, is_active: i.isActive },
      }));
    });
  },

  masked(spec: Spec): Spec {
    return isObject(spec.config) && isType(spec.type) ? { ...spec, config: maskedConfig(spec.type, spec.config) } : spec;
  },

  ...oneByOne({
    async create(ctx, em, account, spec) {
      const saved = await insertIntegration(em, { accountId: account.id, ...columnsOf(ctx, spec) });
      return { id: saved.id, after: [] };
    },

    async update(ctx, em, account, { current, spec }) {
      await saveIntegration(em, Object.assign(await integrationOfAccountOrFail(em, account.id, current.id), columnsOf(ctx, spec)));
      return [];
    },

    async remove(_ctx, em, account, current) {
      await deleteIntegrationOfAccount(em, account.id, current.id);
      return [];
    },
  }),
};
