/** A JSON answer of a running API process. */
export interface ApiAnswer {
  status: number;
  json: Record<string, unknown>;
}

/** One JSON request with a key to an API process listening on `port` (loopback), bounded to 10 s. */
export async function callApi(port: number | undefined, key: string, method: string, path: string, body?: unknown): Promise<ApiAnswer> {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}
