import type { JSONValue } from 'json-p3';

/**
 * A step count for JSONPath queries: the parsed document is handed to json-p3 behind proxies
 * that charge one step for every member or element read (and one per key listed), and match()
 * and search() charge their input's length; a query that goes past its steps throws
 * JsonStepsExceeded, which the judge names. json-p3 has no hook of its own for this (its
 * `entries` hook sees objects only, never array elements). Outside withJsonSteps nothing is
 * limited (the judge reads selected values freely).
 */

export class JsonStepsExceeded extends Error {
  constructor(readonly steps: number) {
    super(`the JSONPath query read more than ${steps} values`);
    this.name = 'JsonStepsExceeded';
  }
}

const budget = { limit: Infinity, used: 0 };

/** Charges `n` steps to the query running (if any). */
export function chargeJsonSteps(n: number): void {
  budget.used += n;
  if (budget.used > budget.limit) throw new JsonStepsExceeded(budget.limit);
}

/** Runs `work` with at most `limit` steps. */
export function withJsonSteps<T>(limit: number, work: () => T): T {
  const outer = { ...budget };
  budget.limit = limit;
  budget.used = 0;
  try {
    return work();
  } finally {
    budget.limit = outer.limit;
    budget.used = outer.used;
  }
}

const proxies = new WeakMap<object, object>();

const counting: ProxyHandler<object> = {
  get(target, key) {
    const value: unknown = Reflect.get(target, key);
    if (typeof key !== 'string' || !Object.hasOwn(target, key) || (key === 'length' && Array.isArray(target))) return value;
    chargeJsonSteps(1);
    return counted(value);
  },
  ownKeys(target) {
    const keys = Reflect.ownKeys(target);
    chargeJsonSteps(keys.length);
    return keys;
  },
};

function counted(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  let proxy = proxies.get(value);
  if (!proxy) {
    proxy = new Proxy(value, counting);
    proxies.set(value, proxy);
  }
  return proxy;
}

/** The document as json-p3 should see it: every read of it counted. */
export function countedDocument(doc: JSONValue): JSONValue {
  if (doc === null || typeof doc !== 'object') return doc;
  const proxy = new Proxy<typeof doc>(doc, counting);
  proxies.set(doc, proxy);
  return proxy;
}
