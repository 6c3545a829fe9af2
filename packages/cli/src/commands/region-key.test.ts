import { UsageError } from '../cli-io.js';
import { regionKeyCommand } from './region-key.js';

/** The arguments are checked before anything connects (the command itself runs in region-agents.e2e.test.ts). */
describe('vigil region-key arguments', () => {
  const io = { out: () => undefined, err: () => undefined };

  it.each([
    [[], 'region-key needs a REGION'],
    [['us', '--overlap-seconds', 'soon'], '--overlap-seconds must be an integer from 0 to 604800'],
    [['us', '--overlap-seconds', '604801'], '--overlap-seconds must be an integer from 0 to 604800'],
  ])('%p: %s', async (args, message) => {
    await expect(regionKeyCommand(args, io)).rejects.toThrow(new UsageError(message));
  });
});
