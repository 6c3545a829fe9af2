/**
 * The hostile account's test and redelivery flood of `npm run bench isolation`, in a process of its
 * own (as the crowd phase runs autocannon in one): a closed loop of thousands of requests a second
 * in the bench process would delay the quiet target's own arrival stamps and the quiet API calls,
 * and the bench would measure itself. Half the requests redeliver one delivery, half ask for a test
 * delivery, `concurrency` in flight for `seconds`; prints `{"test": {status: n}, "redeliver": {...}}`.
 *
 * Usage: tsx bench/isolation-flood.ts <apiUrl> <key> <integrationId> <deliveryId|-> <concurrency> <seconds>
 */
const [apiUrl, key, integrationId, deliveryId, concurrency, seconds] = process.argv.slice(2);
if (!apiUrl || !key || !integrationId || !deliveryId || !concurrency || !seconds) {
  console.error('usage: isolation-flood.ts <apiUrl> <key> <integrationId> <deliveryId|-> <concurrency> <seconds>');
  process.exit(2);
}

const counts = { test: {} as Record<string, number>, redeliver: {} as Record<string, number> };
const until = Date.now() + Number(seconds) * 1000;

async function post(path: string): Promise<string> {
  try {
    const res = await fetch(`${apiUrl}${path}`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: '{}', signal: AbortSignal.timeout(30_000) });
    await res.arrayBuffer();
    return String(res.status);
  } catch {
    return 'no answer';
  }
}

async function loop(): Promise<void> {
  while (Date.now() < until) {
    const redeliver = deliveryId !== '-' && Math.random() < 0.5;
    const status = redeliver ? await post(`/api/v1/integrations/${integrationId}/deliveries/${deliveryId}/redeliver`) : await post(`/api/v1/integrations/${integrationId}/test`);
    const into = redeliver ? counts.redeliver : counts.test;
    into[status] = (into[status] ?? 0) + 1;
  }
}

await Promise.all(Array.from({ length: Number(concurrency) }, loop));
console.log(JSON.stringify(counts));
