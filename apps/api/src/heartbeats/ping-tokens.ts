import { generatePingToken, hashPingToken, replaceHeartbeatToken, ValidationError, type Context, type SecretBox } from '@vigil/core';
import type { EntityManager } from 'typeorm';

/** The ping URL of a token. */
export function pingUrl(ctx: Context, token: string): string {
  return `${ctx.config.baseUrl.replace(/\/+$/, '')}/ping/${token}`;
}

/**
 * Gives a heartbeat monitor a new ping token, replacing the old one at once (pings with it answer
 * 404 from now on), and returns the new token; 400 when the monitor is not a heartbeat monitor.
 */
export async function rotatePingToken(em: EntityManager, box: SecretBox, monitorId: number): Promise<string> {
  const token = generatePingToken();
  if (!(await replaceHeartbeatToken(em, monitorId, hashPingToken(token), box.seal(token)))) throw new ValidationError('Monitor is not a heartbeat monitor: it has no ping URL');
  return token;
}
