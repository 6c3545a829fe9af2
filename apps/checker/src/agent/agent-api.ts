import type { AgentLease, CheckResult, LeaseAnswer } from '@vigil/core';

/** A result to post: the location is the agent's own (the API checks it against the key). */
export interface AgentResult {
  lease_id: string;
  location: string;
  result: CheckResult;
}

/** The API answered with an error status: `retry` when trying again later may help (5xx, 429, 401 during a key change). */
export class AgentApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'AgentApiError';
  }
  get retry(): boolean {
    return this.status >= 500 || this.status === 429 || this.status === 401;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function isLease(v: unknown): v is AgentLease {
  return (
    isObject(v) &&
    typeof v.lease_id === 'string' &&
    typeof v.monitor_id === 'number' &&
    typeof v.run_key === 'string' &&
    typeof v.due_at === 'string' &&
    typeof v.expires_at === 'string' &&
    typeof v.sealed_target === 'string'
  );
}

function leaseAnswerOf(body: unknown): LeaseAnswer {
  if (!isObject(body) || !isObject(body.location) || !Array.isArray(body.leases)) throw new AgentApiError(502, 'unexpected lease answer');
  const { id, name, allowed_cidrs: cidrs } = body.location;
  if (typeof id !== 'number' || typeof name !== 'string' || !Array.isArray(cidrs) || !cidrs.every((c) => typeof c === 'string')) {
    throw new AgentApiError(502, 'unexpected lease answer');
  }
  return { location: { id, name, allowed_cidrs: cidrs }, leases: body.leases.filter(isLease) };
}

/**
 * The agent's side of the protocol: two HTTPS calls with the agent key. `http://` is accepted
 * for loopback only (tests, a sidecar); anything else must be HTTPS, so the key and the leases'
 * sealed targets never cross a network in clear.
 */
export function agentApi(apiUrl: string, agentKey: string) {
  const base = new URL(apiUrl);
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(base.hostname) || base.hostname.startsWith('127.');
  if (base.protocol !== 'https:' && !(base.protocol === 'http:' && loopback)) throw new Error('VIGIL_API_URL must be an https:// URL (http:// only for loopback)');
  const call = async (path: string, body: unknown, signal?: AbortSignal): Promise<unknown> => {
    const res = await fetch(new URL(path, base), {
      method: 'POST',
      headers: { authorization: `Bearer ${agentKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal,
    });
    const text = await res.text();
    if (!res.ok) {
      let error = `HTTP ${res.status}`;
      try {
        const parsed: unknown = JSON.parse(text);
        if (isObject(parsed) && typeof parsed.error === 'string') error = parsed.error;
      } catch {
        // not JSON: the status says it
      }
      throw new AgentApiError(res.status, error);
    }
    return JSON.parse(text) as unknown;
  };
  return {
    async lease(req: { agent_id: string; version: string; max: number; wait_seconds: number }, signal?: AbortSignal): Promise<LeaseAnswer> {
      return leaseAnswerOf(await call('/api/v1/agent/leases', req, signal));
    },
    async postResults(results: readonly AgentResult[], signal?: AbortSignal): Promise<void> {
      await call('/api/v1/agent/results', { results }, signal);
    },
  };
}

export type AgentApi = ReturnType<typeof agentApi>;
