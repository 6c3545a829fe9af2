import type { AlertEventPayload } from '../queue/job-payloads.js';
import { accountsWithIncidentChanges, statusVersionKey } from './status-version.js';

describe('status versions', () => {
  it('keys are per account under the Redis prefix', () => {
    expect(statusVersionKey('{vigil}', 7)).toBe('{vigil}:status-version:7');
  });

  it('incident changes are the down (opened) and up (resolved) alerts', () => {
    const alert = (event: AlertEventPayload['event'], accountId: number) => ({ event, accountId }) as AlertEventPayload;
    expect(accountsWithIncidentChanges([alert('monitor.down', 1), alert('monitor.degraded', 2), alert('monitor.up', 3), alert('scan.completed', 4)])).toEqual([1, 3]);
  });
});
