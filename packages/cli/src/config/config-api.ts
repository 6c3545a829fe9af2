import { createClient, type paths } from '@vigil/client';
import { CommandError } from '../cli-io.js';
import type { PlanAnswer } from './render-plan.js';

export type ConfigDocument = NonNullable<paths['/api/v1/config/plan']['post']['requestBody']>['content']['application/json'];
type ListName = keyof ConfigDocument;
const LISTS: readonly ListName[] = ['monitors', 'domains', 'integrations', 'maintenance_windows', 'status_pages'];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isList = (name: string): name is ListName => (LISTS as readonly string[]).includes(name);

/** The document's lists, each of objects; their fields are the API's to check (it answers where one is wrong). */
export function documentBody(doc: unknown): ConfigDocument {
  if (!isObject(doc)) throw new CommandError('Invalid document: must be a mapping of lists (monitors, domains, ...)');
  const body: ConfigDocument = {};
  for (const [name, list] of Object.entries(doc)) {
    if (!isList(name)) throw new CommandError(`Invalid document: unknown list ${name} (the lists are ${LISTS.join(', ')})`);
    if (list === null) continue;
    if (!Array.isArray(list) || !list.every(isObject)) throw new CommandError(`Invalid ${name}: must be a list of entries`);
    body[name] = list;
  }
  return body;
}

/** An error answer as one line: the message, and where in the document when the API says. */
function failure(status: number, error: unknown): CommandError {
  const body = isObject(error) ? error : {};
  const message = typeof body.error === 'string' ? body.error : `the API answered ${status}`;
  const path = typeof body.path === 'string' && body.path ? `${body.path}: ` : '';
  return new CommandError(`${path}${message} (HTTP ${status})`);
}

/** The configuration routes of the API at VIGIL_API_URL, with the key in VIGIL_KEY (through @vigil/client). */
export function configApi(env: NodeJS.ProcessEnv) {
  const baseUrl = env.VIGIL_API_URL;
  const apiKey = env.VIGIL_KEY;
  if (!baseUrl) throw new CommandError('VIGIL_API_URL is not set (where the API listens, e.g. https://vigil.example.com)');
  if (!apiKey) throw new CommandError('VIGIL_KEY is not set (an API key of the account)');
  const client = createClient({ baseUrl, apiKey });
  const reach = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (e) {
      throw new CommandError(`cannot reach the API at ${baseUrl} (${e instanceof Error ? e.message : String(e)})`);
    }
  };
  const prune = (on: boolean) => (on ? { prune: 'true' as const } : {});
  return {
    async plan(doc: ConfigDocument, opts: { prune: boolean }): Promise<PlanAnswer> {
      const { data, error, response } = await reach(() => client.POST('/api/v1/config/plan', { body: doc, params: { query: prune(opts.prune) } }));
      if (!data) throw failure(response.status, error);
      return data;
    },
    async apply(doc: ConfigDocument, opts: { prune: boolean; fingerprint?: string }): Promise<PlanAnswer> {
      const query = { ...prune(opts.prune), ...(opts.fingerprint ? { fingerprint: opts.fingerprint } : {}) };
      const { data, error, response } = await reach(() => client.POST('/api/v1/config/apply', { body: doc, params: { query } }));
      if (!data) throw failure(response.status, error);
      return data;
    },
    async export(): Promise<ConfigDocument> {
      const { data, error, response } = await reach(() => client.GET('/api/v1/config/export'));
      if (!data) throw failure(response.status, error);
      return data;
    },
  };
}
