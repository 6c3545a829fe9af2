import { captureLogs } from '@vigil/testing';
import type { Dependency } from '../errors/dependency-unavailable-error.js';
import { DependencyWatch } from './dependency-watch.js';

/** Probes whose answer the test sets: 'ok', 'refused' or 'hang' (never answers). */
function fakeProbes() {
  const state: Record<Dependency, 'ok' | 'refused' | 'hang'> = { postgres: 'ok', redis: 'ok' };
  const probe = (d: Dependency) => () =>
    state[d] === 'ok'
      ? Promise.resolve()
      : state[d] === 'refused'
        ? Promise.reject(Object.assign(new Error('connect ECONNREFUSED 10.0.0.1:6379'), { code: 'ECONNREFUSED', syscall: 'connect' }))
        : new Promise(() => undefined);
  return { state, probes: { postgres: probe('postgres'), redis: probe('redis') } };
}

describe('DependencyWatch', () => {
  it('reports which dependency is down and why, without its address; a probe that hangs counts as down', async () => {
    const { state, probes } = fakeProbes();
    const logs = captureLogs();
    const watch = new DependencyWatch(probes, logs.logger, { intervalMs: 10, timeoutMs: 20 });
    expect(await watch.check()).toEqual({ postgres: { up: true, reason: null }, redis: { up: true, reason: null } });
    state.redis = 'refused';
    state.postgres = 'hang';
    expect(await watch.check()).toEqual({ postgres: { up: false, reason: 'timed out' }, redis: { up: false, reason: 'connection refused' } });
    expect(watch.down().sort()).toEqual(['postgres', 'redis']);
  });

  it('logs one line when a dependency is lost and one when it is back, and tells listeners of the loss at once', async () => {
    const { state, probes } = fakeProbes();
    const logs = captureLogs();
    const watch = new DependencyWatch(probes, logs.logger, { intervalMs: 10, timeoutMs: 20 });
    const lost: Dependency[] = [];
    const unsubscribe = watch.onLost((d) => lost.push(d));
    await watch.check();
    state.redis = 'refused';
    for (let i = 0; i < 5; i++) await watch.check();
    state.redis = 'ok';
    for (let i = 0; i < 5; i++) await watch.check();
    state.redis = 'refused';
    unsubscribe();
    await watch.check();
    expect(lost).toEqual(['redis']);
    expect(logs.entries().map((e) => [e.level, e.message, e.reason])).toEqual([
      ['warn', 'redis unreachable', 'connection refused'],
      ['info', 'redis reachable again', undefined],
      ['warn', 'redis unreachable', 'connection refused'],
    ]);
  });

  it('joins a check already under way instead of probing twice', async () => {
    let calls = 0;
    const probe = () => {
      calls++;
      return Promise.resolve();
    };
    const watch = new DependencyWatch({ postgres: probe, redis: probe }, captureLogs().logger, { intervalMs: 10, timeoutMs: 20 });
    await Promise.all([watch.check(), watch.check(), watch.check()]);
    expect(calls).toBe(2);
  });

  it('waitUntilUp waits while anything is down, saying what it waits for once per change', async () => {
    const { state, probes } = fakeProbes();
    const logs = captureLogs();
    const watch = new DependencyWatch(probes, logs.logger, { intervalMs: 5, timeoutMs: 20 });
    state.postgres = 'refused';
    state.redis = 'refused';
    let done = false;
    const waiting = watch.waitUntilUp().then(() => {
      done = true;
    });
    const waits = () => logs.entries().filter((e) => e.message === 'waiting for dependencies');
    while (waits().length < 1) await new Promise((r) => setTimeout(r, 5));
    state.postgres = 'ok';
    while (waits().length < 2) await new Promise((r) => setTimeout(r, 5));
    expect(done).toBe(false);
    state.redis = 'ok';
    await waiting;
    expect(waits().map((e) => e.waitingFor)).toEqual([['postgres', 'redis'], ['redis']]);
  });

  it('start() probes periodically until stop()', async () => {
    const { state, probes } = fakeProbes();
    const watch = new DependencyWatch(probes, captureLogs().logger, { intervalMs: 5, timeoutMs: 20 });
    watch.start();
    state.redis = 'refused';
    while (!watch.down().includes('redis')) await new Promise((r) => setTimeout(r, 5));
    await watch.stop();
    state.redis = 'ok';
    await new Promise((r) => setTimeout(r, 30));
    expect(watch.down()).toEqual(['redis']);
  });
});
