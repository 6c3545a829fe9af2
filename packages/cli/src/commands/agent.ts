import net from 'node:net';
import { createLogger, looksLikeAgentKey } from '@vigil/core';
import { UsageError, type CliIo } from '../cli-io.js';
import { runUntilSignal } from './run-until-signal.js';
import { cliVersion } from '../main.js';

/** What the agent process needs, and only that: no database, Redis or deployment secret. */
export interface AgentEnv {
  apiUrl: string;
  agentKey: string;
  sourceAddress?: string;
}

/** Reads VIGIL_API_URL, VIGIL_AGENT_KEY and the optional VIGIL_SOURCE_ADDRESS; a missing or malformed one is a usage error. */
export function agentEnv(env: NodeJS.ProcessEnv): AgentEnv {
  const apiUrl = env.VIGIL_API_URL?.trim();
  const agentKey = env.VIGIL_AGENT_KEY?.trim();
  const sourceAddress = env.VIGIL_SOURCE_ADDRESS?.trim() || undefined;
  if (!apiUrl || !URL.canParse(apiUrl)) throw new UsageError('VIGIL_API_URL must be the URL of the Vigil API (https://...)');
  if (!agentKey || !looksLikeAgentKey(agentKey)) throw new UsageError('VIGIL_AGENT_KEY must be a location\'s agent key (vgla_...)');
  if (sourceAddress !== undefined && !net.isIP(sourceAddress)) throw new UsageError('VIGIL_SOURCE_ADDRESS must be an IP address');
  return { apiUrl, agentKey, ...(sourceAddress !== undefined ? { sourceAddress } : {}) };
}

interface AgentProcess {
  start(): Promise<void>;
  stop(graceMs?: number): Promise<void>;
}

function isAgentProcess(value: unknown): value is AgentProcess {
  return typeof value === 'object' && value !== null && typeof Reflect.get(value, 'start') === 'function' && typeof Reflect.get(value, 'stop') === 'function';
}

/**
 * Loads the agent from the checker's module only when `vigil agent` runs (the probers live
 * there; the CLI package imports no app, as for `vigil start`).
 */
async function loadAgent(opts: AgentEnv & { version: string; logger: ReturnType<typeof createLogger> }): Promise<AgentProcess> {
  const loaded: unknown = await import('@vigil/checker');
  const create: unknown = typeof loaded === 'object' && loaded !== null ? Reflect.get(loaded, 'createAgent') : undefined;
  if (typeof create !== 'function') throw new Error('@vigil/checker does not export createAgent');
  const agent: unknown = Reflect.apply(create, undefined, [opts]);
  if (!isAgentProcess(agent)) throw new Error('@vigil/checker.createAgent did not return an agent');
  return agent;
}

/** `vigil agent`: a private location's agent (docs/agents.md); runs until SIGTERM or SIGINT. */
export async function agentCommand(_args: string[], io: CliIo): Promise<number> {
  const env = agentEnv(process.env);
  const logger = createLogger({ level: process.env.LOG_LEVEL?.trim().toLowerCase() || 'info' });
  const agent = await loadAgent({ ...env, version: cliVersion(), logger });
  await agent.start();
  return runUntilSignal(io, logger, () => agent.stop(), 'agent');
}
