import { RESULTS_PER_POST, ResultOutbox } from './result-outbox.js';
import type { AgentResult } from './agent-api.js';

const result = (n: number): AgentResult => ({
  lease_id: n.toString(16).padStart(32, '0'),
  location: 'office',
  result: { timestamp: new Date(n * 1000).toISOString(), status: 'success', response_time_ms: n, status_code: 200 },
});

describe('the agent\'s result outbox', () => {
  it('hands out batches oldest first and keeps a batch until it was delivered', () => {
    const outbox = new ResultOutbox(1_000);
    for (let n = 1; n <= RESULTS_PER_POST + 5; n++) outbox.add(result(n));
    const first = outbox.peek();
    expect(first).toHaveLength(RESULTS_PER_POST);
    expect(outbox.peek()).toEqual(first);
    outbox.delivered(first);
    expect(outbox.peek().map((r) => r.result.response_time_ms)).toEqual([101, 102, 103, 104, 105]);
  });

  it('drops the oldest beyond its limit, and a delivery after that removes only what was posted', () => {
    const outbox = new ResultOutbox(3);
    for (let n = 1; n <= 3; n++) outbox.add(result(n));
    const batch = outbox.peek();
    outbox.add(result(4));
    expect(outbox.dropped).toBe(1);
    outbox.delivered(batch);
    expect(outbox.peek().map((r) => r.result.response_time_ms)).toEqual([4]);
  });
});
