import { captureLogs } from '@vigil/testing';
import { outageTolerantRejection } from './start.js';

/** Waits for winston to write what it was given. */
const flushed = () => new Promise((resolve) => setImmediate(resolve));

describe('outageTolerantRejection', () => {
  it('survives a background Redis or PostgreSQL call failing in an outage, and says so without the address', async () => {
    const logs = captureLogs();
    const exits: number[] = [];
    const onRejection = outageTolerantRejection(logs.logger, (code) => exits.push(code));
    onRejection(new Error('Command timed out'));
    onRejection(Object.assign(new Error('connect ECONNREFUSED 10.1.2.3:5432'), { code: 'ECONNREFUSED', syscall: 'connect' }));
    await flushed();
    expect(exits).toEqual([]);
    const entries = logs.entries();
    expect(entries.map((e) => [e.level, e.dependency, e.reason])).toEqual([
      ['warn', 'redis', 'command timed out'],
      ['warn', 'postgres', 'connection refused'],
    ]);
    expect(logs.lines().join('\n')).not.toContain('10.1.2.3');
  });

  it('exits on any other unhandled rejection (a bug), after logging it', async () => {
    const logs = captureLogs();
    const exits: number[] = [];
    outageTolerantRejection(logs.logger, (code) => exits.push(code))(new TypeError('x is not a function'));
    await flushed();
    expect(exits).toEqual([1]);
    expect(logs.entries()[0]).toMatchObject({ level: 'error', message: 'unhandled rejection' });
  });
});
