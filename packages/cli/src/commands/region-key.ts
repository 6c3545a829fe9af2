import { parseArgs } from 'node:util';
import { assertSecretKeyForProduction, bumpAgentKeyStamp, createSecretBox, issueRegionKey, systemClock } from '@vigil/core/admin';
import { withAdminDbAndRedis } from '../admin-db.js';
import { jsonLine, UsageError, type CliIo } from '../cli-io.js';

/** How long the previous key of a region keeps working after `vigil region-key` rotates it (default). */
const DEFAULT_OVERLAP_SECONDS = 3600;

/**
 * `vigil region-key REGION`: the agent key of a public region served by agents (docs/agents.md,
 * "Public regions on agents"). The first call creates the region's location; each later call
 * rotates its key (the previous one works for --overlap-seconds). The region must be listed in
 * VIGIL_AGENT_REGIONS. The key is printed once; give it to the region's agents as VIGIL_AGENT_KEY.
 */
export async function regionKeyCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { json: { type: 'boolean', default: false }, 'overlap-seconds': { type: 'string', default: String(DEFAULT_OVERLAP_SECONDS) } },
  });
  const [region] = positionals;
  if (!region) throw new UsageError('region-key needs a REGION');
  const overlap = values['overlap-seconds'];
  if (!/^\d{1,6}$/.test(overlap) || Number(overlap) > 604_800) throw new UsageError('--overlap-seconds must be an integer from 0 to 604800');
  // With Redis: a rotated key's old one is the previous one from now on in every API process (the agent-key stamp).
  const issued = await withAdminDbAndRedis(async (db, redis, config) => {
    if (!config.agentRegions.includes(region)) throw new UsageError(`Region ${region} is not served by agents: list it in VIGIL_AGENT_REGIONS (now: ${config.agentRegions.join(', ') || 'none'})`);
    assertSecretKeyForProduction(config, ['region-key']);
    const now = systemClock.now();
    const made = await issueRegionKey(db, createSecretBox(config.secretKey), region, now, new Date(now.getTime() + Number(overlap) * 1000));
    await bumpAgentKeyStamp(redis, config);
    return made;
  });
  const rotated = issued.location.keyRotatedAt !== null;
  io.out(
    values.json
      ? jsonLine({ region, location_id: issued.location.id, agent_key: issued.agentKey, previous_key_expires_at: issued.location.previousKeyExpiresAt?.toISOString() ?? null })
      : `${rotated ? 'New agent key' : 'Agent key'} of region ${region} (shown once; VIGIL_AGENT_KEY of its agents): ${issued.agentKey}` +
          (rotated ? `\nThe previous key works until ${issued.location.previousKeyExpiresAt?.toISOString() ?? 'now'}.` : ''),
  );
  return 0;
}
